import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, onlyPermissions, storeTestSession } from '../../test/session';
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
      if (url.startsWith('/api/kiosk/getRules'))
        return jsonResponse(200, { marginMinutes: 0, duesLimit: null });
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

describe('Check-in rules', () => {
  it('shows the rules, changes them in the form dialog and shows the server’s refusal there', async () => {
    storeTestSession();
    let rules: { marginMinutes: number; duesLimit: number | null } = { marginMinutes: 10, duesLimit: null };
    let refuse = true;
    const api = stubFetch(async (url, init) => {
      if (url.startsWith('/api/kiosk/getKiosks')) return jsonResponse(200, { items: [] });
      if (url.startsWith('/api/kiosk/getRules')) return jsonResponse(200, rules);
      if (url.startsWith('/api/kiosk/updateRules') && init.method === 'PUT') {
        if (refuse) {
          refuse = false;
          return jsonResponse(403, { statusCode: 403, reason: 'FORBIDDEN', message: 'Not allowed here.' });
        }
        rules = JSON.parse(String(init.body)) as typeof rules;
        return jsonResponse(200, rules);
      }
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<EntranceScreens />, '/app/devices');
    const summary = await screen.findByTestId('check-in-rules-summary');
    expect(summary.textContent).toBe('Margin 10 minutes · no dues limit');

    fireEvent.click(screen.getByRole('button', { name: 'Change rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check-in rules' });
    const margin = within(dialog).getByRole('textbox', { name: /Margin around/ });
    expect((margin as HTMLInputElement).value).toBe('10');
    fireEvent.change(margin, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();

    fireEvent.change(margin, { target: { value: '15' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Refuse entry with dues above/ }), {
      target: { value: '500' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not allowed here.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.calls().filter(([u, i]) => u.startsWith('/api/kiosk/updateRules') && i.method === 'PUT');
    expect(JSON.parse(String(put.at(-1)![1].body))).toEqual({ marginMinutes: 15, duesLimit: 50000 });
    await waitFor(() =>
      expect(screen.getByTestId('check-in-rules-summary').textContent).toMatch(
        /^Margin 15 minutes · entry refused with dues above .*500/,
      ),
    );
  });

  it('offers no change to staff who may only view devices', async () => {
    storeTestSession({ permissions: onlyPermissions({ devices: 'v' }) });
    stubFetch(async (url) => {
      if (url.startsWith('/api/kiosk/getKiosks')) return jsonResponse(200, { items: [] });
      if (url.startsWith('/api/kiosk/getRules')) return jsonResponse(200, { marginMinutes: 1, duesLimit: 0 });
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<EntranceScreens />, '/app/devices');
    expect((await screen.findByTestId('check-in-rules-summary')).textContent).toMatch(/^Margin 1 minute · /);
    expect(screen.queryByRole('button', { name: 'Change rules' })).toBeNull();
  });
});
