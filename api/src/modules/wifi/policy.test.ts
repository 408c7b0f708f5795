import { describe, expect, it } from 'vitest';
import { decide } from './policy.ts';
import type { MemberWifiState } from './memberState.ts';

const state = (over: Partial<MemberWifiState> = {}): MemberWifiState => ({
  userId: 1,
  clientId: 1,
  branchId: 1,
  name: 'A',
  mobile: '9000000001',
  wifiPin: '123456',
  active: true,
  inactiveReason: null,
  packageId: 3,
  packageName: 'Fast',
  packageActive: true,
  downloadKbps: 10_000,
  uploadKbps: 2_500,
  sessionMinutes: 120,
  totalDataMb: 0,
  devicesPerMember: 2,
  periodStart: '2026-11-01',
  usedBytes: 0,
  secondsLeft: 86_400 * 10,
  liveSessions: 0,
  openSessions: 0,
  windowApplies: false,
  insideWindow: true,
  windowSecondsLeft: 0,
  paused: false,
  ...over,
});

const accepted = (s: MemberWifiState) => {
  const d = decide(s);
  if (!d.accept) throw new Error(`refused: ${d.reason}`);
  return d;
};

describe('WiFi decision (DOMAIN.md, Doors, WiFi and reminders)', () => {
  it('refuses a member in a pause (issue 45, point 4)', () => {
    expect(decide(state({ paused: true }))).toMatchObject({ accept: false, reason: 'paused' });
  });

  it('gives the package speeds as Mikrotik-Rate-Limit (rx/tx = up/down) and WISPr bits per second', () => {
    const { reply } = accepted(state());
    expect(reply['reply:Mikrotik-Rate-Limit']).toBe('2500k/10000k');
    expect(reply['reply:WISPr-Bandwidth-Max-Up']).toBe('2500000');
    expect(reply['reply:WISPr-Bandwidth-Max-Down']).toBe('10000000');
  });

  it('limits Session-Timeout to the package session time and never past validity', () => {
    expect(accepted(state()).reply['reply:Session-Timeout']).toBe('7200');
    expect(accepted(state({ secondsLeft: 600 })).reply['reply:Session-Timeout']).toBe('600');
    expect(accepted(state({ sessionMinutes: 0, secondsLeft: 5000 })).reply['reply:Session-Timeout']).toBe(
      '5000',
    );
  });

  it('sends the data left, with gigawords only above 4 GiB, and no limit without a cap', () => {
    expect(accepted(state()).reply['reply:Mikrotik-Total-Limit']).toBeUndefined();
    const small = accepted(state({ totalDataMb: 1000, usedBytes: 400_000_000 })).reply;
    expect(small['reply:Mikrotik-Total-Limit']).toBe('600000000');
    expect(small['reply:Mikrotik-Total-Limit-Gigawords']).toBeUndefined();
    // 10 GB cap, 1 GB used: 9e9 bytes left = 2 * 2^32 + 410065408.
    const big = accepted(state({ totalDataMb: 10_000, usedBytes: 1e9 })).reply;
    expect(big['reply:Mikrotik-Total-Limit-Gigawords']).toBe('2');
    expect(big['reply:Mikrotik-Total-Limit']).toBe(String(9e9 - 2 * 2 ** 32));
  });

  it('refuses outside the window where the organisation asks for it, and ends the session with it', () => {
    expect(decide(state({ windowApplies: true, insideWindow: false }))).toMatchObject({
      reason: 'outsideWindow',
    });
    // Outside the window but the organisation does not ask: the window is not the WiFi's business.
    expect(decide(state({ windowApplies: false, insideWindow: false })).accept).toBe(true);
    expect(
      accepted(state({ windowApplies: true, insideWindow: true, windowSecondsLeft: 900 })).reply[
        'reply:Session-Timeout'
      ],
    ).toBe('900');
  });

  it('puts Simultaneous-Use from the package in control and refuses past it', () => {
    expect(accepted(state()).control['control:Simultaneous-Use']).toBe('2');
    expect(decide(state({ liveSessions: 2 }))).toMatchObject({ accept: false, reason: 'deviceLimit' });
  });

  it('refuses the unknown, expired, deactivated, package-less and used-up', () => {
    expect(decide(undefined)).toMatchObject({ accept: false, reason: 'unknownMember' });
    expect(decide(state({ active: false, inactiveReason: 'expired' }))).toMatchObject({ reason: 'expired' });
    expect(decide(state({ active: false, inactiveReason: 'deactivated' }))).toMatchObject({
      reason: 'deactivated',
    });
    expect(decide(state({ packageId: null }))).toMatchObject({ reason: 'noPackage' });
    expect(decide(state({ packageActive: false }))).toMatchObject({ reason: 'noPackage' });
    expect(decide(state({ totalDataMb: 1000, usedBytes: 1e9 }))).toMatchObject({ reason: 'dataUsedUp' });
  });
});
