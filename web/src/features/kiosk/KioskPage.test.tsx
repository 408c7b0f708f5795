import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { KioskPage, kioskKeyStorage } from './KioskPage';

const code = {
  url: 'http://desk.lan/m/in/3.1.abc',
  qrDataUrl: 'data:image/png;base64,AAAA',
  expiresAt: new Date(Date.now() + 20_000).toISOString(),
  branchName: 'Main Branch',
  kioskName: 'Entrance',
  insideNow: 4,
  serverTime: new Date().toISOString(),
};

/** A server-sent stream that sends one check-in result, then stays open. */
function eventStream(event: object) {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`: open\n\nevent: checkIn\ndata: ${JSON.stringify(event)}\n\n`),
        );
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}
const never = () => new Promise<Response>(() => {});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('KioskPage', () => {
  it('pairs with the six-digit code and keeps only the kiosk key', async () => {
    const api = stubFetch(async (url) => {
      if (url === '/api/kiosk/pair') return jsonResponse(201, { kioskKey: 'k'.repeat(43) });
      if (url === '/api/kiosk/getCode') return jsonResponse(200, code);
      return never();
    });
    renderPage(<KioskPage />, '/kiosk');
    fireEvent.change(await screen.findByLabelText('Pairing code'), { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pair' }));
    expect(await screen.findByText('Main Branch')).toBeTruthy();
    expect(api.bodyOf(0)).toEqual({ code: '123456' });
    expect(localStorage.getItem(kioskKeyStorage)).toBe('k'.repeat(43));
    const getCode = api.calls().find(([u]) => u === '/api/kiosk/getCode')!;
    expect((getCode[1].headers as Record<string, string>)['kiosk-key']).toBe('k'.repeat(43));
    expect((getCode[1].headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('shows the QR, the count, the last result in red with its reason, and says the camera needs HTTPS', async () => {
    localStorage.setItem(kioskKeyStorage, 'key-123456789012345678901');
    stubFetch(async (url) => {
      if (url === '/api/kiosk/getCode') return jsonResponse(200, code);
      if (url === '/api/kiosk/events') {
        // After the code's answer, so its count (4) is replaced by the event's (5).
        await new Promise((r) => setTimeout(r, 100));
        return eventStream({
          result: 'refused',
          reason: 'outsideWindow',
          firstName: 'Asha',
          seat: null,
          until: '14:00',
          validTill: '2026-12-31',
          window: '06:00-14:00',
          at: new Date().toISOString(),
          insideNow: 5,
        });
      }
      return never();
    });
    renderPage(<KioskPage />, '/kiosk');
    expect((await screen.findByTestId('kiosk-qr')).getAttribute('src')).toBe(code.qrDataUrl);
    const result = await screen.findByText('Outside your shift 06:00-14:00');
    expect(result.closest('[data-testid="kiosk-result"]')?.getAttribute('data-result')).toBe('refused');
    expect(screen.getByTestId('kiosk-inside').textContent).toBe('5 members inside');
    // jsdom is not a secure context: the camera note shows.
    expect(screen.getByTestId('kiosk-http').textContent).toMatch(/HTTPS/);
    expect(screen.queryByRole('button', { name: 'Use the camera' })).toBeNull();
  });

  it('offers the camera over HTTPS also where the browser has no BarcodeDetector (issue 47, point 3)', async () => {
    localStorage.setItem(kioskKeyStorage, 'key-123456789012345678901');
    stubFetch(async (url) => (url === '/api/kiosk/getCode' ? jsonResponse(200, code) : never()));
    vi.stubGlobal('isSecureContext', true);
    expect('BarcodeDetector' in window).toBe(false);
    renderPage(<KioskPage />, '/kiosk');
    await screen.findByTestId('kiosk-qr');
    expect(screen.getByRole('button', { name: 'Use the camera' })).toBeTruthy();
    expect(screen.queryByTestId('kiosk-http')).toBeNull();
  });

  it("sends a scanner's typed member code, wherever the focus is", async () => {
    localStorage.setItem(kioskKeyStorage, 'key-123456789012345678901');
    const api = stubFetch(async (url) => {
      if (url === '/api/kiosk/getCode') return jsonResponse(200, code);
      if (url === '/api/kiosk/scanMember')
        return jsonResponse(200, { result: 'out', reason: null, firstName: 'Asha', seat: null, until: null });
      return never();
    });
    renderPage(<KioskPage />, '/kiosk');
    await screen.findByTestId('kiosk-qr');
    act(() => {
      for (const key of 'LM1.5.100.abc') window.dispatchEvent(new KeyboardEvent('keydown', { key }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    });
    await waitFor(() => expect(api.calls().some(([u]) => u === '/api/kiosk/scanMember')).toBe(true));
    const index = api.calls().findIndex(([u]) => u === '/api/kiosk/scanMember');
    expect(api.bodyOf(index)).toEqual({ memberCode: 'LM1.5.100.abc' });
  });

  it('a revoked key is forgotten and the pairing form comes back', async () => {
    localStorage.setItem(kioskKeyStorage, 'key-123456789012345678901');
    stubFetch(async (url) =>
      url === '/api/kiosk/getCode' ? jsonResponse(401, { statusCode: 401, message: 'no' }) : never(),
    );
    renderPage(<KioskPage />, '/kiosk');
    expect(await screen.findByText(/This screen was revoked/)).toBeTruthy();
    expect(localStorage.getItem(kioskKeyStorage)).toBeNull();
  });
});
