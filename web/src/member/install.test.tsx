import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalSummary } from '@app/contract/portal';
import { memberLinkStorageKey } from '@app/contract/portalNames';
import { palettePrimary } from '@app/contract/palettes';
import { palettes } from '../lib/theme/palettes';
import { MemberPage } from './MemberPage';

// The member page added to the home screen (issue 45, point 2): the phone remembers the live link
// it opened, and the installed page's colour is the palette's own.
const token = 'R'.repeat(32);
const summary = {
  language: 'en',
  organisation: { name: 'Demo Library', currency: 'INR', locale: 'en-IN', palette: 'goldTheme' },
  today: '2026-11-28',
  member: {
    name: 'Asha Rao',
    branchName: 'Central',
    branchPhone: '',
    roomName: null,
    seatNumber: null,
    entryTime: null,
    exitTime: null,
    nextDayExit: false,
    validFrom: '2026-11-01',
    validTill: '2026-12-01',
    daysLeft: 3,
    active: true,
    dues: 0,
  },
  receipts: [],
  attendance: [],
  wifi: null,
  upi: null,
  claims: [],
} as unknown as PortalSummary;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the installed member page', () => {
  it('remembers the live link it opened on this phone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, summary)),
    );
    render(<MemberPage token={token} />);
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    expect(localStorage.getItem(memberLinkStorageKey)).toBe(`/m/${token}`);
  });

  it('forgets a remembered link once it no longer works, and keeps another', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'Not found.' })),
    );
    localStorage.setItem(memberLinkStorageKey, `/m/${token}`);
    render(<MemberPage token={token} />);
    await screen.findByRole('alert');
    await waitFor(() => expect(localStorage.getItem(memberLinkStorageKey)).toBeNull());

    localStorage.setItem(memberLinkStorageKey, `/m/${'S'.repeat(32)}`);
    render(<MemberPage token={token} />);
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBe(2));
    expect(localStorage.getItem(memberLinkStorageKey)).toBe(`/m/${'S'.repeat(32)}`);
  });

  it("colours the manifest in each palette's primary colour, as the web draws it", () => {
    for (const [key, colours] of Object.entries(palettes)) {
      expect(palettePrimary[key as keyof typeof palettes]).toBe(colours.primary);
    }
  });
});
