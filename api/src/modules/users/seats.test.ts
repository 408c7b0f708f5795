import { describe, expect, it } from 'vitest';
import { windowIsValid, windowRanges, windowsOverlap, type DailyWindow } from '@app/contract/seats';

const w = (entryTime: string, exitTime: string, nextDayExit = false): DailyWindow => ({
  entryTime,
  exitTime,
  nextDayExit,
});
const morning = w('06:00:00', '14:00:00');
const evening = w('14:00:00', '22:00:00');
const night = w('20:00:00', '06:00:00', true);
const allDay = w('00:00:00', '00:00:00');

describe('daily windows on a 24-hour circle', () => {
  it('does not count touching windows as overlapping (14:00 end, 14:00 start)', () => {
    expect(windowsOverlap(morning, evening)).toBe(false);
    expect(windowsOverlap(evening, morning)).toBe(false);
    expect(windowsOverlap(w('08:00:00', '14:00:01'), evening)).toBe(true);
  });

  it('wraps night windows past midnight', () => {
    expect(windowRanges(night)).toEqual([
      [72000, 86400],
      [0, 21600],
    ]);
    expect(windowsOverlap(night, morning)).toBe(false);
    expect(windowsOverlap(night, evening)).toBe(true);
    expect(windowsOverlap(night, w('05:00:00', '07:00:00'))).toBe(true);
    expect(windowsOverlap(night, w('02:00:00', '03:00:00'))).toBe(true);
    expect(windowsOverlap(night, w('06:00:00', '20:00:00'))).toBe(false);
    expect(windowsOverlap(night, w('23:00:00', '01:00:00', true))).toBe(true);
    expect(windowsOverlap(w('22:00:00', '00:00:00', true), w('00:00:00', '06:00:00'))).toBe(false);
  });

  it('treats 00:00–00:00 and a next-day exit at or after entry as the whole day', () => {
    for (const other of [morning, evening, night, w('03:00:00', '03:30:00')]) {
      expect(windowsOverlap(allDay, other)).toBe(true);
      expect(windowsOverlap(w('08:00:00', '08:00:00', true), other)).toBe(true);
      expect(windowsOverlap(w('08:00:00', '10:00:00', true), other)).toBe(true);
    }
  });

  it('accepts exit after entry, next-day exits and the all-day default only', () => {
    expect(windowIsValid(morning)).toBe(true);
    expect(windowIsValid(night)).toBe(true);
    expect(windowIsValid(allDay)).toBe(true);
    expect(windowIsValid(w('20:00:00', '06:00:00'))).toBe(false);
    expect(windowIsValid(w('08:00:00', '08:00:00'))).toBe(false);
  });
});
