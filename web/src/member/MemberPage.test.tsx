import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalSummary } from '@app/contract/portal';
import { MemberPage, tokenOf } from './MemberPage';
import { texts, translate } from './texts';
import { paletteKeys } from '@app/contract/palettes';
import { palettes } from '../lib/theme/palettes';

const token = 'T'.repeat(32);
const summary: PortalSummary = {
  language: 'en',
  organisation: { name: 'Demo Library', currency: 'INR', locale: 'en-IN', palette: 'purpleTheme' },
  today: '2026-11-28',
  member: {
    name: 'Asha Rao',
    branchName: 'Central',
    branchPhone: '',
    roomName: 'Hall A',
    seatNumber: 12,
    entryTime: '08:00',
    exitTime: '14:00',
    nextDayExit: false,
    validFrom: '2026-11-01',
    validTill: '2026-12-01',
    daysLeft: 3,
    active: true,
    dues: 50000,
  },
  receipts: [],
  attendance: [{ day: '2026-11-27', firstIn: '08:05', lastOut: '13:55', punches: 2 }],
  wifi: {
    username: '9800000001',
    pin: '482913',
    usage: {
      usedBytes: 7_250_000_000,
      allowedBytes: 10_000_000_000,
      secondsLeft: 3 * 86_400 + 5 * 3600 + 120,
    },
  },
  upi: {
    upiId: 'demo@hdfc',
    payeeName: 'Demo Library',
    offers: [
      {
        purpose: 'dues',
        reference: 'ABCDEF0123456789',
        amount: 50000,
        lateFine: 0,
        dues: 50000,
        feeStructureName: null,
        coversTill: null,
        uri: 'upi://pay?pa=demo%40hdfc&pn=Demo%20Library&am=500.00&cu=INR&tr=ABCDEF0123456789&tn=Dues',
        qrDataUrl: 'data:image/png;base64,AA==',
      },
    ],
  },
  claims: [],
};

const answers: { url: string; init?: RequestInit }[] = [];
function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the member page', () => {
  beforeEach(() => {
    answers.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the summary with the token in the header only, and shows the PIN after Show', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        answers.push({ url, init });
        return answer(200, summary);
      }),
    );
    render(<MemberPage token={tokenOf(`/m/${token}`)} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeTruthy();
    expect(answers[0]!.url).toBe('/api/portal/getSummary');
    expect((answers[0]!.init!.headers as Record<string, string>)['member-token']).toBe(token);
    expect(screen.getByTestId('member-days-left').textContent).toBe('3 days left');
    expect(screen.getByTestId('member-dues').textContent).toBe('₹500.00');
    expect(screen.getByText('Seat 12 · Hall A')).toBeTruthy();
    // In the organisation's date format, as every other date (issue 41, point 8: '1 December 2026').
    expect(screen.getByText('Valid till 01/12/2026')).toBeTruthy();
    const pin = screen.getByTestId('wifi-pin');
    expect(pin.textContent).toBe('••••••');
    expect(document.body.textContent).not.toContain('482913');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(pin.textContent).toBe('482913');
    // The package's use (issue 45, point 6): used, allowed, left and time left.
    expect(screen.getByTestId('wifi-used').textContent).toBe('7.25 GB');
    expect(screen.getByTestId('wifi-allowed').textContent).toBe('10 GB');
    expect(screen.getByTestId('wifi-left').textContent).toBe('2.75 GB');
    expect(screen.getByTestId('wifi-time-left').textContent).toBe('3 d 5 h');
    const offer = screen.getByTestId('upi-offer-dues');
    expect(within(offer).getByTestId('upi-link').getAttribute('href')).toBe(summary.upi!.offers[0]!.uri);
  });

  it('asks for a 12-digit UTR before it sends a claim', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        answers.push({ url, init });
        return answer(200, summary);
      }),
    );
    render(<MemberPage token={tokenOf(`/m/${token}`)} />);
    fireEvent.change(await screen.findByTestId('utr-input'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('12-digit UTR');
    expect(answers.filter((a) => a.url.includes('claimUpiPayment'))).toHaveLength(0);
  });

  it('says a dead link is dead, and nothing else', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'The record was not found.' }),
      ),
    );
    render(<MemberPage token={tokenOf(`/m/${token}`)} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link does not work (any more). Ask at the desk for a new one.',
    );
  });

  it("speaks the member's language from the summary, German included", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { ...summary, language: 'de' })),
    );
    render(<MemberPage token={token} />);
    expect((await screen.findByTestId('member-days-left')).textContent).toBe('noch 3 Tage');
    expect(screen.getByText('Platz 12 · Hall A')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zeigen' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it("tells a refused claim in the member's words (the server's code), not the server's English", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('claimUpiPayment')
          ? answer(409, {
              statusCode: 409,
              reason: 'CONFLICT',
              message: 'This UTR has been claimed already.',
              code: 'UTR_ALREADY_CLAIMED',
            })
          : answer(200, { ...summary, language: 'de' }),
      ),
    );
    render(<MemberPage token={token} />);
    fireEvent.change(await screen.findByTestId('utr-input'), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diese UTR wurde bereits gemeldet.');
  });
});

describe('the texts', () => {
  it('has every English text in German, and picks one or other by the count', () => {
    expect(Object.keys(texts.de).sort()).toEqual(Object.keys(texts.en).sort());
    expect(translate('en', 'daysLeft', { count: 1 })).toBe('1 day left');
    expect(translate('de', 'endedAgo', { count: 2 })).toBe('Seit 2 Tagen abgelaufen');
    expect(translate('en', 'seatIn', { seat: 4, room: 'B' })).toBe('Seat 4 · B');
  });
});

describe("the organisation's palette", () => {
  it('colours the page in the palette the organisation chose, the product palette until then', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(200, { ...summary, organisation: { ...summary.organisation, palette: 'cyanTheme' } }),
      ),
    );
    render(<MemberPage token={token} />);
    const main = screen.getByRole('main');
    expect(main.style.getPropertyValue('--mp-primary')).toBe(palettes.purpleTheme.primary);
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    expect(main.style.getPropertyValue('--mp-primary')).toBe(palettes.cyanTheme.primary);
  });

  it('offers exactly the palettes the web knows (UI.md)', () => {
    expect([...paletteKeys]).toEqual(Object.keys(palettes));
  });
});
