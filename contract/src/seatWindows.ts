// A member's daily windows as plain functions, without zod: the web's tables use them on the first load
// (issue 21); seats.ts re-exports them beside its schemas.

/**
 * A member's daily window (entry to exit, branch time zone) as second ranges on a 24-hour circle.
 * nextDayExit windows wrap past midnight (20:00:00 to 06:00:00). An equal entry and exit
 * (the default 00:00:00 to 00:00:00) is the whole day, and so is a next-day exit at or after the
 * entry (more than 24 hours). Ranges are half-open: a window ending 14:00 and one starting 14:00 do
 * not overlap.
 */
export type DailyWindow = { entryTime: string; exitTime: string; nextDayExit: boolean };

const day = 24 * 60 * 60;

export function secondsOfDay(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** The window as one or two half-open [from, to) second ranges within 0..86400. */
export function windowRanges(w: DailyWindow): [number, number][] {
  const entry = secondsOfDay(w.entryTime);
  const exit = secondsOfDay(w.exitTime);
  if (entry === exit || (w.nextDayExit && exit > entry)) return [[0, day]];
  if (exit > entry) return [[entry, exit]];
  // Past midnight: from entry to the end of the day, then from midnight to exit.
  return exit === 0
    ? [[entry, day]]
    : [
        [entry, day],
        [0, exit],
      ];
}

export function windowsOverlap(a: DailyWindow, b: DailyWindow): boolean {
  return windowRanges(a).some(([af, at]) => windowRanges(b).some(([bf, bt]) => af < bt && bf < at));
}

/** A window a member may hold: exit after entry unless it ends the next day; 00:00–00:00 is all day. */
export function windowIsValid(w: DailyWindow): boolean {
  if (w.nextDayExit) return true;
  if (w.entryTime === w.exitTime) return secondsOfDay(w.entryTime) === 0;
  return secondsOfDay(w.exitTime) > secondsOfDay(w.entryTime);
}

/** '08:00–14:00' for messages. */
export function windowLabel(w: DailyWindow): string {
  return `${w.entryTime.slice(0, 5)}–${w.exitTime.slice(0, 5)}`;
}
