import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { EntranceScreens } from './EntranceScreens';

const kiosk = {
  id: 7,
  branchId: 1,
  name: 'Hall entrance',
  lastContactAt: new Date().toISOString(),
  lastAddress: '10.0.0.9',
  createdAt: '2026-12-01T08:00:00.000Z',
};

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('EntranceScreens', () => {
  it('shows a pairing code; revokes a screen only after confirmation', async () => {
    storeTestSession();
    const api = stubFetch(async (url, init) => {
      if (url.startsWith('/api/kiosk/getKiosks')) return jsonResponse(200, { items: [kiosk] });
      if (url.startsWith('/api/kiosk/createPairingCode'))
        return jsonResponse(201, { code: '042917', expiresAt: new Date(Date.now() + 600_000).toISOString() });
      if (url.startsWith('/api/kiosk/revokeKiosk') && init.method === 'DELETE')
        return new Response(null, { status: 204 });
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<EntranceScreens />, '/app/devices');
    expect(await screen.findByText('Hall entrance')).toBeTruthy();
    expect(screen.getByText(/Last contact:/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add entrance screen' }));
    expect((await screen.findByTestId('pairing-code')).textContent).toBe('042917');
    expect(screen.getByText(/\/kiosk on the tablet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Revoke Hall entrance?')).toBeTruthy();
    expect(api.calls().some(([u]) => u.startsWith('/api/kiosk/revokeKiosk'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.calls().some(([u]) => u.startsWith('/api/kiosk/revokeKiosk?kioskId=7'))).toBe(true),
    );
  });
});
