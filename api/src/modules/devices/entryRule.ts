// The one rule book of entry (issue 47, point 4): whether a member may come in at a moment, as the
// door applies it to its punches (attendance/ingest.ts flags them) and as an entrance screen or a
// member's phone applies it before checking them in (kiosk/checkIn.ts). Pure: the callers read the
// member, the organisation's rules and the branch's clock.
import type { EntryRefusal } from '@app/contract/kiosk';

/** What the rules read of a member. Times are the branch's clock, 'HH:MM[:SS]'. */
export type EntryMember = {
  status: boolean;
  inactiveReason: 'expired' | 'deactivated' | null;
  validTill: string;
  entryTime: string;
  exitTime: string;
  nextDayExit: boolean;
  dues: number;
  /** The member's approved pauses (issue 45, point 4): paused on from <= day < from + days. */
  pauses?: { from: string; days: number }[];
};

/** The organisation's settings the rules add to the member's own (check_in_rules). */
export type EntryRules = { marginMinutes: number; duesLimit: number | null };
export const noExtraRules: EntryRules = { marginMinutes: 0, duesLimit: null };

const daySeconds = 86_400;

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const secondsOf = (time: string) =>
  Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60 + Number(time.slice(6, 8) || 0);

/** A window that ends the next day (nextDayExit), or whose exit is before its entry, wraps midnight. */
export const windowWraps = (m: Pick<EntryMember, 'entryTime' | 'exitTime' | 'nextDayExit'>) =>
  m.entryTime !== m.exitTime && (m.nextDayExit || secondsOf(m.exitTime) < secondsOf(m.entryTime));

/**
 * Whether a time of day lies in the member's window widened by the margin on both sides. Equal entry
 * and exit times mean no window (all day), as on the door.
 */
export function inWindow(
  time: string,
  m: Pick<EntryMember, 'entryTime' | 'exitTime' | 'nextDayExit'>,
  marginMinutes = 0,
): boolean {
  const entry = secondsOf(m.entryTime);
  const exit = secondsOf(m.exitTime);
  if (entry === exit) return true;
  const margin = marginMinutes * 60;
  const start = entry - margin;
  const end = (windowWraps(m) ? exit + daySeconds : exit) + margin;
  if (end - start >= daySeconds) return true;
  const t = secondsOf(time);
  return [t - daySeconds, t, t + daySeconds].some((x) => x >= start && x <= end);
}

/**
 * The attendance day of a moment: its date, except that a member whose window ends the next day,
 * before their exit time, belongs to the evening before (as the door's punches are stored).
 */
export function attendanceDay(
  date: string,
  time: string,
  m: Pick<EntryMember, 'entryTime' | 'exitTime' | 'nextDayExit'>,
): string {
  const night = m.nextDayExit && m.entryTime !== m.exitTime;
  if (!night || secondsOf(time) > secondsOf(m.exitTime)) return date;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Every reason the member may not come in at `date` `time` (branch clock), in the order they are
 * told: validity (ended or switched off), a pause, the window, dues above the organisation's limit.
 * Empty: in.
 */
export function entryRefusals(
  m: EntryMember,
  at: { date: string; time: string },
  rules: EntryRules = noExtraRules,
): EntryRefusal[] {
  const refusals: EntryRefusal[] = [];
  const day = attendanceDay(at.date, at.time, m);
  if (!m.status) refusals.push(m.inactiveReason === 'deactivated' ? 'deactivated' : 'validityEnded');
  else if (m.validTill < day) refusals.push('validityEnded');
  if (m.pauses?.some((p) => p.from <= day && day < addDays(p.from, p.days))) refusals.push('paused');
  if (!inWindow(at.time, m, rules.marginMinutes)) refusals.push('outsideWindow');
  if (rules.duesLimit !== null && m.dues > rules.duesLimit) refusals.push('dues');
  return refusals;
}

/** A door punch's flags from the same rules: outside the window, by a member not allowed in. */
export function doorFlags(m: EntryMember, at: { date: string; time: string }, rules: EntryRules) {
  const refusals = entryRefusals(m, at, rules);
  return {
    outsideWindow: refusals.includes('outsideWindow'),
    blocked:
      refusals.includes('validityEnded') || refusals.includes('deactivated') || refusals.includes('paused'),
  };
}
