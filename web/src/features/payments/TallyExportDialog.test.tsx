import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { TallyExportDialog } from './TallyExportDialog';

// The Tally export from the payments screen (issue 44, point 5).

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('Tally export dialog', () => {
  it('downloads the period the staff member chose and closes', async () => {
    storeTestSession();
    const api = stubFetch(
      () =>
        new Response('<ENVELOPE/>', {
          status: 200,
          headers: {
            'content-type': 'application/xml',
            'content-disposition': 'attachment; filename="tally-2026-11-01-2026-11-30.xml"',
          },
        }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const onClose = vi.fn();
    renderPage(<TallyExportDialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download XML' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls()[0]![0]).toBe('/api/tally/exportVouchers?from=2026-11-01&to=2026-11-30');
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('does not download a period that ends before it starts', () => {
    storeTestSession();
    const api = stubFetch(() => new Response('', { status: 500 }));
    renderPage(<TallyExportDialog onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    const button = screen.getByRole('button', { name: 'Download XML' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(api.calls()).toHaveLength(0);
  });
});
