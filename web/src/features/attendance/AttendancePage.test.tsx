import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Visit } from '@app/contract/attendance';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { AttendancePage } from './AttendancePage';

const visit = (over: Partial<Visit>): Visit => ({
  id: 1,
  userId: 7,
  pin: 7,
  name: 'Asha Rao',
  day: '2026-11-25',
  inAt: '2026-11-25T08:00:00.000Z',
  outAt: '2026-11-25T12:00:00.000Z',
  inside: false,
  closedByCutoff: false,
  deviceId: 1,
  deviceName: 'Front door',
  source: 'door',
  deviceTime: '2026-11-25 08:00:00',
  receivedAt: '2026-11-25T08:00:02.000Z',
  flags: [],
  ...over,
});
const visits = [
  visit({}),
  visit({
    id: 2,
    userId: 8,
    pin: 8,
    name: 'Ravi Kumar',
    outAt: null,
    inside: true,
    flags: ['outsideWindow'],
    deviceId: null,
    deviceName: 'Hall entrance',
    source: 'screen',
  }),
  visit({
    id: 3,
    userId: 9,
    pin: 9,
    name: 'Meera Das',
    outAt: null,
    closedByCutoff: true,
    flags: ['blocked'],
    deviceId: null,
    deviceName: '',
    source: 'staff',
  }),
  visit({ id: 4, userId: null, pin: 4242, name: null, outAt: null, inside: true, flags: ['unknownMember'] }),
];

function api() {
  return stubFetch(async (url) => {
    if (url.startsWith('/api/attendance/getVisits'))
      return jsonResponse(200, { items: visits, total: visits.length, page: 0, pageSize: 5 });
    if (url.startsWith('/api/attendance/getAttendanceSummary'))
      return jsonResponse(200, { today: '2026-11-25', visitsToday: 4, insideNow: 2, flaggedToday: 3 });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const row = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('AttendancePage', () => {
  it("shows today's figures and each visit's end and flags", async () => {
    storeTestSession();
    api();
    renderPage(<AttendancePage />, '/app/attendance');
    expect(await screen.findByText('Asha Rao')).toBeTruthy();
    expect(screen.getByTestId('attendance-inside').textContent).toBe('2');
    expect(screen.getByTestId('attendance-flagged').closest('a')?.getAttribute('href')).toBe(
      '/app/attendance?from=2026-11-25&to=2026-11-25&flagged=true',
    );
    expect(within(row('Ravi Kumar')).getByText('Inside')).toBeTruthy();
    expect(within(row('Ravi Kumar')).getByText('Outside window')).toBeTruthy();
    expect(within(row('Meera Das')).getByText('Closed at cut-off')).toBeTruthy();
    expect(within(row('Meera Das')).getByText('Blocked member')).toBeTruthy();
    // Check-ins without a door device name their source (issue 47).
    expect(within(row('Ravi Kumar')).getByText('Hall entrance · Entrance screen')).toBeTruthy();
    expect(within(row('Meera Das')).getByText('Staff')).toBeTruthy();
    expect(within(row('Asha Rao')).getByText('Front door')).toBeTruthy();
    expect(within(row('Unknown PIN 4242')).getByText('Not a member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe('/app/UserProfile/7');
  });

  it('sends the date range and flags of the URL to the list', async () => {
    storeTestSession();
    const server = api();
    renderPage(<AttendancePage />, '/app/attendance?from=2026-11-01&to=2026-11-25&flagged=true');
    await screen.findByText('Asha Rao');
    const list = server.calls().find(([url]) => url.startsWith('/api/attendance/getVisits'))?.[0];
    expect(list).toContain('from=2026-11-01');
    expect(list).toContain('to=2026-11-25');
    expect(list).toContain('flagged=true');
  });
});
