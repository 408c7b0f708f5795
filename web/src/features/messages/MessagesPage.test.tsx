import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@app/contract/messages';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { MessagesPage } from './MessagesPage';
import { headersToText, textToHeaders } from './providerHeaders';

const base: Message = {
  id: 1,
  branchId: 1,
  userId: 5,
  staffId: null,
  event: 'expiring',
  period: '2026-12-01/3',
  channel: 'sms',
  language: 'en',
  recipient: '9876500011',
  subject: 'Your membership ends in 3 days',
  body: 'Hello',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  sentAt: '2026-11-25T04:00:00.000Z',
  createdAt: '2026-11-25T04:00:00.000Z',
  delivery: null,
  deliveryAt: null,
};
const failed: Message = {
  ...base,
  id: 2,
  recipient: '9876500012',
  status: 'gaveUp',
  attempts: 6,
  lastError: 'Provider answered 500',
};

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('messages screen', () => {
  it('lists the outbox with filters sent to the server, and retries a message that gave up', async () => {
    storeTestSession();
    let retried = false;
    const api = stubFetch((url) => {
      if (url.startsWith('/api/message/getMessages')) {
        const items = [base, retried ? { ...failed, status: 'queued', attempts: 0 } : failed];
        return jsonResponse(200, { items, total: 2, page: 0, pageSize: 5 });
      }
      if (url.startsWith('/api/message/retryMessage')) {
        retried = true;
        return jsonResponse(200, { ...failed, status: 'queued', attempts: 0 });
      }
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<MessagesPage />, '/app/messages?status=gaveUp');
    const grid = await screen.findByRole('grid');
    const row = (await within(grid).findByText('9876500012')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Gave up')).toBeTruthy();
    expect(
      api.calls().some(([u]) => u.includes('/api/message/getMessages') && u.includes('status=gaveUp')),
    ).toBe(true);
    // Only the failed row offers Retry.
    const sentRow = within(grid).getByText('9876500011').closest('[role="row"]') as HTMLElement;
    expect(within(sentRow).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(grid).getByText('Queued')).toBeTruthy());
    expect(api.calls().some(([u]) => u === '/api/message/retryMessage?messageId=2')).toBe(true);
  });
});

describe('messages without a mail server', () => {
  it('shows e-mail kept in the log as "Logged, no mail server", with a hint above the outbox', async () => {
    storeTestSession();
    const logged: Message = {
      ...base,
      id: 3,
      channel: 'email',
      recipient: 'reader@test.dev',
      status: 'logged',
    };
    const settings = (mailServer: boolean) => ({
      daysBefore: [7, 3, 1],
      quietStart: null,
      quietEnd: null,
      channels: ['email'],
      events: ['expiring'],
      sms: { url: '', method: 'POST', headers: [], body: '' },
      whatsapp: { url: '', method: 'POST', headers: [], body: '' },
      mailServer,
    });
    stubFetch((url) => {
      if (url.startsWith('/api/message/getMessages'))
        return jsonResponse(200, { items: [logged], total: 1, page: 0, pageSize: 5 });
      if (url.startsWith('/api/message/getMessageSettings')) return jsonResponse(200, settings(false));
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<MessagesPage />, '/app/messages');
    const grid = await screen.findByRole('grid');
    const row = (await within(grid).findByText('reader@test.dev')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Logged, no mail server')).toBeTruthy();
    expect(await screen.findByText(/No mail server is set up/)).toBeTruthy();
  });
});

describe('provider headers as lines', () => {
  it('reads "Name: value" lines, keeping colons in the value, and writes them back', () => {
    const headers = textToHeaders('Authorization: Basic a:b\n\n  X-Key: ••••42  \n');
    expect(headers).toEqual([
      { name: 'Authorization', value: 'Basic a:b' },
      { name: 'X-Key', value: '••••42' },
    ]);
    expect(headersToText(headers)).toBe('Authorization: Basic a:b\nX-Key: ••••42');
  });
});
