import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@app/contract/messages';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { MessagesPage } from './MessagesPage';
import { WhatsAppCloudSettings, WhatsAppTemplates } from './WhatsAppCloudSettings';

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

const cloud = (set: boolean) => ({
  configured: set,
  phoneNumberId: set ? '109876543210' : '',
  accessTokenSet: set,
  appSecretSet: set,
  verifyTokenSet: set,
  language: 'en',
  ratePerMessage: 115,
  webhookPath: '/api/whatsapp/webhook',
});

describe('WhatsApp Cloud API settings', () => {
  it('sends the token once, then clears it from the screen and only says it is set', async () => {
    storeTestSession();
    let saved = false;
    const api = stubFetch((url, init) => {
      if (url.startsWith('/api/message/getWhatsAppCloud')) return jsonResponse(200, cloud(saved));
      if (url.startsWith('/api/message/updateWhatsAppCloud') && init.method === 'PUT') {
        saved = true;
        return jsonResponse(200, cloud(true));
      }
      if (url.startsWith('/api/message/getWhatsAppCost'))
        return jsonResponse(200, {
          month: '2026-12',
          rows: [{ category: 'utility', count: 40, costPaise: 460 }],
          totalPaise: 460,
        });
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<WhatsAppCloudSettings />, '/app/messages');
    const token = (await screen.findByLabelText('Access token')) as HTMLInputElement;
    expect(token.type).toBe('password');
    fireEvent.change(screen.getByLabelText('Phone number id'), { target: { value: '109876543210' } });
    fireEvent.change(token, { target: { value: 'EAAG-secret-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    await waitFor(() => expect(saved).toBe(true));
    const put = api.calls().find(([u, i]) => u.includes('updateWhatsAppCloud') && i.method === 'PUT')!;
    expect(JSON.parse(String(put[1].body))).toMatchObject({
      phoneNumberId: '109876543210',
      accessToken: 'EAAG-secret-token',
      appSecret: '',
      ratePerMessage: 115,
    });
    await waitFor(() => expect(token.value).toBe(''));
    expect(screen.getAllByText('Set; leave blank to keep it')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Send a test' })).toBeTruthy();
    expect(await screen.findByText(/2026-12: 40 templates sent/)).toBeTruthy();
  });

  it('shows the parameter count the server asks for under the parameters', async () => {
    storeTestSession();
    stubFetch((url, init) => {
      if (url.startsWith('/api/message/getWhatsAppTemplates')) return jsonResponse(200, { items: [] });
      if (url.startsWith('/api/message/updateWhatsAppTemplate') && init.method === 'PUT')
        return jsonResponse(400, {
          statusCode: 400,
          reason: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          code: 'FIELDS_INVALID',
          details: [
            {
              path: 'body.parameters',
              message: 'The template declares 5 parameter(s): give exactly that many, in its order',
              code: 'WHATSAPP_PARAMETER_COUNT',
              params: { declared: 5 },
            },
          ],
        });
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<WhatsAppTemplates />, '/app/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'Use the suggestion' }));
    expect((screen.getByLabelText('Template name') as HTMLInputElement).value).toBe('membership_expiring');
    fireEvent.change(screen.getByLabelText('Parameters in order'), { target: { value: 'name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/declares 5 parameter/)).toBeTruthy();
  });
});

describe('the outbox', () => {
  it('shows what WhatsApp reported for a message', async () => {
    storeTestSession();
    const row: Message = {
      id: 9,
      branchId: 1,
      userId: 5,
      staffId: null,
      event: 'expiring',
      period: '2026-12-01/3',
      channel: 'whatsapp',
      language: 'en',
      recipient: '9876500019',
      subject: 'Your membership ends in 3 days',
      body: 'Hello',
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: '2026-11-25T04:00:00.000Z',
      createdAt: '2026-11-25T04:00:00.000Z',
      delivery: 'read',
      deliveryAt: '2026-11-25T04:05:00.000Z',
    };
    stubFetch((url) => {
      if (url.startsWith('/api/message/getMessages'))
        return jsonResponse(200, { items: [row], total: 1, page: 0, pageSize: 5 });
      return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
    });
    renderPage(<MessagesPage />, '/app/messages');
    const grid = await screen.findByRole('grid');
    const line = (await within(grid).findByText('9876500019')).closest('[role="row"]') as HTMLElement;
    expect(within(line).getByText('Read')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'WhatsApp replies' })).toBeTruthy();
  });
});
