import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pause } from '@app/contract/pauses';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { MemberPauses } from './MemberPauses';

// A member's pauses on the profile (issue 45, point 4): the history, staff's pause, ending early.
afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

const running: Pause = {
  id: 4,
  userId: 7,
  memberName: 'Asha Rao',
  from: '2026-01-01',
  days: 20,
  until: '2999-01-21',
  reason: 'Exams',
  status: 'approved',
  requestedBy: 'staff',
  rejectReason: null,
  endedOn: null,
  createdAt: '2026-01-01T09:00:00.000Z',
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
    if (url.startsWith('/api/user/getPauses')) return jsonResponse(200, [running]);
    if (url.startsWith('/api/user/pauseMember')) return jsonResponse(201, { ...running, id: 5 });
    if (url.startsWith('/api/user/endPause')) return jsonResponse(200, { ...running, status: 'ended' });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
  renderPage(<MemberPauses userId={7} />);
  return calls;
}

describe("a member's pauses", () => {
  it('lists the history and ends a running pause early', async () => {
    const calls = serve();
    const row = await screen.findByTestId('member-pause');
    expect(row.textContent).toContain('Approved');
    expect(row.textContent).toContain('20 days');
    expect(row.textContent).toContain('Exams');
    // The last day paused, not the first day back.
    expect(screen.getByText('01/01/2026 to 01/20/2999')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'End now' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/user/endPause'))).toMatchObject({
        url: '/api/user/endPause?pauseId=4',
        method: 'PUT',
      }),
    );
    expect(await screen.findByText('Pause ended; the days not used were given back.')).toBeTruthy();
  });

  it('pauses the member with from, days and reason', async () => {
    const calls = serve();
    await screen.findByTestId('member-pause');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause member' });
    // The first day paused, named as such (it said 'Dates', the requests table's heading).
    expect(within(dialog).getAllByText(/First day/).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText(/Days/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Travel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/user/pauseMember'))).toMatchObject({
        url: '/api/user/pauseMember?userId=7',
        method: 'POST',
        body: { days: 10, reason: 'Travel', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      }),
    );
    expect(await screen.findByText('Paused; validity moved on.')).toBeTruthy();
  });
});
