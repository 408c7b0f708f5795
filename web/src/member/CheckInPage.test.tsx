import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberLinkStorageKey } from '@app/contract/portalNames';
import { jsonResponse, stubFetch } from '../test/render';
import { CheckInPage } from './CheckInPage';

const token = 'A'.repeat(32);
const answer = (over: object) => ({
  result: 'in',
  reason: null,
  firstName: 'Asha',
  seat: 'B 24',
  until: '21:00',
  validTill: '2026-12-31',
  window: '06:00-21:00',
  at: new Date().toISOString(),
  ...over,
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('CheckInPage (/m/in/<code>)', () => {
  it("checks in with the remembered page's token in the header, large and green", async () => {
    localStorage.setItem(memberLinkStorageKey, `/m/${token}`);
    const api = stubFetch(async () => jsonResponse(200, answer({})));
    render(<CheckInPage code="3.100.sig" />);
    const result = await screen.findByTestId('check-in-result');
    expect(result.getAttribute('data-result')).toBe('in');
    expect(result.textContent).toBe('Welcome, Asha · seat B 24 · till 21:00');
    const [url, init] = api.calls()[0]!;
    expect(url).toBe('/api/portal/checkIn');
    expect((init.headers as Record<string, string>)['member-token']).toBe(token);
    expect(api.bodyOf(0)).toEqual({ code: '3.100.sig' });
  });

  it('shows a refusal in red with its reason', async () => {
    localStorage.setItem(memberLinkStorageKey, `/m/${token}`);
    stubFetch(async () =>
      jsonResponse(200, answer({ result: 'refused', reason: 'validityEnded', validTill: '2026-11-30' })),
    );
    render(<CheckInPage code="3.100.sig" />);
    const result = await screen.findByTestId('check-in-result');
    expect(result.getAttribute('data-result')).toBe('refused');
    expect(result.textContent).toMatch(/Not checked in.*Your validity ended on 30 Nov 2026/);
  });

  it('asks to open the member page first on a phone that never did', async () => {
    const api = stubFetch(async () => jsonResponse(200, answer({})));
    render(<CheckInPage code="3.100.sig" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Open your member page on this phone/);
    expect(api.calls()).toHaveLength(0);
  });
});
