import { describe, expect, it } from 'vitest';
import { attendanceDay, doorFlags, entryRefusals, inWindow } from './entryRule.ts';

const member = {
  status: true,
  inactiveReason: null,
  validTill: '2026-12-31',
  entryTime: '06:00:00',
  exitTime: '14:00:00',
  nextDayExit: false,
  dues: 0,
};
const at = (time: string, date = '2026-12-07') => ({ date, time });

describe('the rule book of entry (door and entrance screen)', () => {
  it('lets a member in within their window, with the margin on both sides', () => {
    expect(entryRefusals(member, at('06:00:00'))).toEqual([]);
    expect(entryRefusals(member, at('14:00:00'))).toEqual([]);
    expect(entryRefusals(member, at('05:50:00'))).toEqual(['outsideWindow']);
    expect(entryRefusals(member, at('05:50:00'), { marginMinutes: 15, duesLimit: null })).toEqual([]);
    expect(entryRefusals(member, at('14:16:00'), { marginMinutes: 15, duesLimit: null })).toEqual([
      'outsideWindow',
    ]);
  });

  it('wraps a night window and a margin across midnight; equal times are all day', () => {
    const night = { ...member, entryTime: '20:00:00', exitTime: '06:00:00', nextDayExit: true };
    expect(inWindow('23:30:00', night)).toBe(true);
    expect(inWindow('05:59:00', night)).toBe(true);
    expect(inWindow('12:00:00', night)).toBe(false);
    const early = { ...member, entryTime: '00:05:00', exitTime: '08:00:00' };
    expect(inWindow('23:58:00', early, 10)).toBe(true);
    expect(inWindow('23:50:00', early, 10)).toBe(false);
    expect(inWindow('03:00:00', { ...member, entryTime: '00:00:00', exitTime: '00:00:00' })).toBe(true);
    expect(attendanceDay('2026-12-08', '05:00:00', night)).toBe('2026-12-07');
    expect(attendanceDay('2026-12-08', '21:00:00', night)).toBe('2026-12-08');
  });

  it('refuses an ended or switched-off validity, and dues above the limit', () => {
    expect(entryRefusals({ ...member, validTill: '2026-12-06' }, at('09:00:00'))).toEqual(['validityEnded']);
    expect(entryRefusals({ ...member, status: false, inactiveReason: 'expired' }, at('09:00:00'))).toEqual([
      'validityEnded',
    ]);
    expect(
      entryRefusals({ ...member, status: false, inactiveReason: 'deactivated' }, at('09:00:00')),
    ).toEqual(['deactivated']);
    const owing = { ...member, dues: 50_000 };
    expect(entryRefusals(owing, at('09:00:00'))).toEqual([]);
    expect(entryRefusals(owing, at('09:00:00'), { marginMinutes: 0, duesLimit: 50_000 })).toEqual([]);
    expect(entryRefusals(owing, at('09:00:00'), { marginMinutes: 0, duesLimit: 49_999 })).toEqual(['dues']);
  });

  it('refuses a member in an approved pause, from its first day to the day before it ends (issue 45, point 4)', () => {
    const paused = { ...member, pauses: [{ from: '2026-12-05', days: 3 }] };
    expect(entryRefusals(paused, at('09:00:00', '2026-12-04'))).toEqual([]);
    expect(entryRefusals(paused, at('09:00:00', '2026-12-05'))).toEqual(['paused']);
    expect(entryRefusals(paused, at('09:00:00', '2026-12-07'))).toEqual(['paused']);
    expect(entryRefusals(paused, at('09:00:00', '2026-12-08'))).toEqual([]);
    expect(
      doorFlags(paused, at('09:00:00', '2026-12-06'), { marginMinutes: 0, duesLimit: null }).blocked,
    ).toBe(true);
  });
});
