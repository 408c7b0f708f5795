import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Visit } from '@app/contract/attendance';
import { orgToday } from '../../lib/dates';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, onlyPermissions, storeTestSession } from '../../test/session';
import { testMember } from '../users/testData';
import { MemberAttendance } from './MemberAttendance';

const member = testMember({ name: 'Asha Rao' });
const visit = (over: Partial<Visit>): Visit => ({
  id: 1,
  userId: member.userId,
  pin: member.userId,
  name: member.name,
  day: orgToday(),
  inAt: new Date().toISOString(),
  outAt: null,
  inside: true,
  closedByCutoff: false,
  deviceId: null,
  deviceName: '',
  source: 'staff',
  deviceTime: '2026-12-07 10:00:00',
  receivedAt: new Date().toISOString(),
  flags: ['blocked'],
  ...over,
});

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('MemberAttendance: staff let a member in (issue 47, point 4)', () => {
  it('asks for a reason, calls overrideCheckIn, then shows the new row', async () => {
    storeTestSession();
    let visits: Visit[] = [];
    const api = stubFetch(async (url, init) => {
      if (url.startsWith('/api/attendance/getVisits'))
        return jsonResponse(200, { items: visits, total: visits.length, page: 0, pageSize: 25 });
      if (url.startsWith('/api/kiosk/overrideCheckIn') && init.method === 'POST') {
        visits = [visit({ id: 9 })];
        return jsonResponse(200, {
          result: 'in',
          reason: null,
          firstName: 'Asha',
          seat: null,
          until: null,
          validTill: member.validTill,
          window: null,
          at: new Date().toISOString(),
        });
      }
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<MemberAttendance member={member} />, '/app/UserProfile/1');
    expect(await screen.findByText('No visits in this time.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Let in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Let Asha Rao in?' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Let in' }));
    // Too short: the reason must say something; nothing is sent.
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls().some(([u]) => u.startsWith('/api/kiosk/overrideCheckIn'))).toBe(false);

    fireEvent.change(reason, { target: { value: 'Card renewed at the desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Let in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.calls().find(([u]) => u.startsWith('/api/kiosk/overrideCheckIn'))!;
    expect(JSON.parse(String(sent[1].body))).toEqual({
      userId: member.userId,
      reason: 'Card renewed at the desk',
    });
    expect(await screen.findByText(/Asha Rao let in at/)).toBeTruthy();

    const table = await screen.findByTestId('member-attendance');
    expect(within(table).getByText('Staff')).toBeTruthy();
    expect(within(table).getByText('Inside')).toBeTruthy();
    // Inside now: the action records going out instead.
    expect(screen.getByRole('button', { name: 'Record going out' })).toBeTruthy();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    storeTestSession();
    stubFetch(async (url) => {
      if (url.startsWith('/api/attendance/getVisits'))
        return jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 25 });
      if (url.startsWith('/api/kiosk/overrideCheckIn'))
        return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'Member not found.' });
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<MemberAttendance member={member} />, '/app/UserProfile/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Let in' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Known member' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Let in' }));
    expect(await within(dialog).findByText('Member not found.')).toBeTruthy();
  });

  it('is not offered without the right to add attendance', async () => {
    storeTestSession({ permissions: onlyPermissions({ attendance: 'v' }) });
    stubFetch(async () => jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 25 }));
    renderPage(<MemberAttendance member={member} />, '/app/UserProfile/1');
    expect(await screen.findByText('No visits in this time.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Let in' })).toBeNull();
  });
});
