import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionRecord } from '@app/contract/modules';
import type { ServerWarnings as Warnings } from '@app/contract/serverWarnings';
import i18n from '../../lib/i18n';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, onlyPermissions, storeTestSession } from '../../test/session';
import { ServerWarnings } from './ServerWarnings';

afterEach(async () => {
  clearTestSession();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const lowDisk: Warnings = {
  warnings: {
    disks: [
      {
        holds: ['database', 'backups'],
        path: '/var/lib/library',
        freeBytes: 612_000_000,
        totalBytes: 64_000_000_000,
        databaseBytes: 41_200_000_000,
        backupsBytes: 18_500_000_000,
        logsBytes: 3_400_000,
      },
    ],
    clock: null,
  },
};

function show(status: Warnings, permissions?: PermissionRecord[]) {
  storeTestSession(permissions ? { permissions } : {});
  const fetched = stubFetch(() => jsonResponse(200, status));
  renderPage(<ServerWarnings />, '/app/dashboard');
  return fetched;
}

describe('the server’s warnings on the dashboard', () => {
  it('warns the owner of a disk with little room left, and says what uses it', async () => {
    const fetched = show(lowDisk);
    const alert = await screen.findByTestId('disk-warning');
    expect(fetched.calls()[0]![0]).toMatch(/\/api\/server\/getServerWarnings$/);
    expect(alert.textContent).toBe(
      'Little space is left on the disk of the database and the backups (/var/lib/library): 612 MB free of 64 GB. ' +
        'Using it: database 41 GB, backups 19 GB, database log 3.4 MB. ' +
        'When the disk is full, nothing new can be saved and backups are skipped: free space on it or give the server a larger disk.',
    );
  });

  it('says it in German', async () => {
    await i18n.changeLanguage('de');
    show(lowDisk);
    const alert = await screen.findByTestId('disk-warning');
    // German puts a no-break space between a number and its unit.
    expect(alert.textContent!.replace(/[\u00a0\u202f]/g, ' ')).toMatch(
      /^Auf der Festplatte der Datenbank und der Sicherungen \(\/var\/lib\/library\) ist nur noch wenig Platz: 612 MB von 64 GB frei\. Belegt durch: Datenbank 41 GB, Sicherungen 19 GB, Datenbank-Protokoll 3,4 MB\./,
    );
  });

  it('tells the owner the server’s clock is hours off the database’s', async () => {
    show({ warnings: { disks: [], clock: { offsetSeconds: -93_600, since: '2026-12-07T04:10:00.000Z' } } });
    const alert = await screen.findByTestId('clock-warning');
    expect(alert.textContent).toMatch(
      /^This server's clock is 26 h 0 min ahead of the database's \(since .*2026.*\)\. Days and schedules follow the database's clock/,
    );
  });

  it('shows nothing while all is well', async () => {
    const fetched = show({ warnings: { disks: [], clock: null } });
    await waitFor(() => expect(fetched.calls()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask for staff who may not view the settings', async () => {
    const fetched = show(lowDisk, onlyPermissions({ users: 'va' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetched.calls()).toHaveLength(0);
    expect(screen.queryByTestId('disk-warning')).toBeNull();
  });
});
