import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupStatus as Status } from '@app/contract/backups';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { BackupStatus } from './BackupStatus';

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

function show(status: Status) {
  storeTestSession();
  const fetched = stubFetch(() => jsonResponse(200, status));
  renderPage(<BackupStatus />, '/app/dashboard');
  return fetched;
}

describe('the last scheduled backup on the dashboard', () => {
  it('tells the owner when the last one failed, why, and when the last good one was', async () => {
    show({
      backup: {
        scheduled: true,
        intervalHours: 24,
        last: {
          at: '2026-11-28T05:00:01.000Z',
          ok: false,
          file: null,
          error: 'ENOSPC: no space left on device',
        },
        lastSuccessAt: '2026-11-27T05:00:03.000Z',
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Last backup: .*2026.*, failed: ENOSPC: no space left on device\./);
    expect(alert.textContent).toMatch(/Last good backup: .*2026/);
  });

  it('is a quiet line while backups succeed', async () => {
    show({
      backup: {
        scheduled: true,
        intervalHours: 24,
        last: {
          at: '2026-11-28T05:00:01.000Z',
          ok: true,
          file: 'library-20261128-050000.backup.gz',
          error: null,
        },
        lastSuccessAt: null,
      },
    });
    expect((await screen.findByTestId('backup-status')).textContent).toMatch(/^Last backup: .*2026/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing to staff who are not owners', async () => {
    const fetched = show({ backup: null });
    await waitFor(() => expect(fetched.calls()).toHaveLength(1));
    expect(fetched.calls()[0]![0]).toMatch(/\/api\/backup\/getBackupStatus$/);
    expect(screen.queryByTestId('backup-status')).toBeNull();
  });
});
