import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pause } from '@app/contract/pauses';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { PauseRequestsTable } from './PauseRequestsTable';

// "Pauses to approve" (issue 45, point 4): a member's request approved in one click, or refused
// with a reason.
afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

const request: Pause = {
  id: 9,
  userId: 7,
  memberName: 'Asha Rao',
  from: '2027-01-05',
  days: 10,
  until: '2027-01-15',
  reason: 'Exams at home',
  status: 'requested',
  requestedBy: 'member',
  rejectReason: null,
  endedOn: null,
  createdAt: '2026-12-20T09:00:00.000Z',
};

function serve() {
  storeTestSession();
  const calls: { url: string; method: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (url.startsWith('/api/user/getPauseRequests')) return jsonResponse(200, [request]);
    if (url.startsWith('/api/user/approvePause'))
      return jsonResponse(200, { ...request, status: 'approved' });
    if (url.startsWith('/api/user/rejectPause')) return jsonResponse(200, { ...request, status: 'rejected' });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
  renderPage(<PauseRequestsTable />);
  return calls;
}

describe('pauses to approve', () => {
  it('lists a request and approves it in one click', async () => {
    const calls = serve();
    const row = await screen.findByTestId('pause-request-row');
    expect(row.textContent).toContain('Asha Rao');
    expect(row.textContent).toContain('Exams at home');
    // Ten days from 5 January: the 14th is the last one paused (the 15th is the first day back).
    expect(row.textContent).toContain('01/05/2027 to 01/14/2027');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/user/approvePause'))).toMatchObject({
        url: '/api/user/approvePause?pauseId=9',
        method: 'POST',
      }),
    );
    // The desk is told (notistack's own hook, with no provider here, said nothing).
    expect(await screen.findByText('Pause of Asha Rao approved; validity moved on.')).toBeTruthy();
  });

  it('refuses with a reason', async () => {
    const calls = serve();
    const row = await screen.findByTestId('pause-request-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse pause?' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Exam week is busy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/user/rejectPause'))).toMatchObject({
        url: '/api/user/rejectPause?pauseId=9',
        method: 'PUT',
        body: { reason: 'Exam week is busy' },
      }),
    );
    expect(await screen.findByText('Pause refused.')).toBeTruthy();
  });
});
