import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { MemberLinkAction } from './MemberLinkAction';

// "Member link" says what happened (issue 41, point 6): a link sent without a mail server is only
// logged, as the outbox says, and ending a link asks first.
afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

function server(link: { sent: number; logged: number }) {
  return stubFetch((url) => {
    const path = url.split('?')[0]!;
    if (path === '/api/portal/createLink') return jsonResponse(201, { url: 'http://desk/m/abc', ...link });
    if (path === '/api/portal/revokeLink') return jsonResponse(200, { revoked: true });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

async function openDialog() {
  renderPage(<MemberLinkAction userId={7} name="Asha Rao" />);
  fireEvent.click(screen.getByRole('button', { name: 'Member link' }));
  return screen.findByRole('dialog', { name: 'Personal page of Asha Rao' });
}

describe('member link', () => {
  it('"Create and send" with no mail server says the e-mail is logged, not sent', async () => {
    storeTestSession();
    server({ sent: 1, logged: 1 });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and send' }));
    expect(await screen.findByText(/^Logged, no mail server/)).toBeTruthy();
    expect(screen.queryByText(/^Link sent/)).toBeNull();
  });

  it('"Create and send" names what went out and what was only logged', async () => {
    storeTestSession();
    server({ sent: 2, logged: 1 });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and send' }));
    expect(await screen.findByText('Link sent (1 message); the e-mail: Logged, no mail server')).toBeTruthy();
  });

  it('"End link" asks first: keeping it sends nothing, confirming ends it', async () => {
    storeTestSession();
    const api = server({ sent: 0, logged: 0 });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End link' }));
    const ask = await screen.findByRole('alertdialog', { name: 'End the link of Asha Rao?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls().some(([u]) => u.startsWith('/api/portal/revokeLink'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'End link' }));
    const again = await screen.findByRole('alertdialog', { name: 'End the link of Asha Rao?' });
    fireEvent.click(within(again).getByRole('button', { name: 'End link' }));
    expect(await screen.findByText('The link of Asha Rao no longer works')).toBeTruthy();
    expect(api.calls().filter(([u]) => u.startsWith('/api/portal/revokeLink'))).toHaveLength(1);
  });
});
