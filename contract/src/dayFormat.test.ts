import { describe, expect, it } from 'vitest';
import { formatDay } from './dayFormat.ts';

describe('formatDay', () => {
  it("writes a day in the organisation's locale, never ISO", () => {
    expect(formatDay('2026-12-27', 'en-IN')).toBe('27/12/2026');
    expect(formatDay('2026-12-27', 'de-DE')).toBe('27.12.2026');
    expect(formatDay('2026-01-05', 'en-GB')).toBe('05/01/2026');
  });

  it('gives back what is not a date, and reads an unknown locale the default way', () => {
    expect(formatDay('not a day', 'en-IN')).toBe('not a day');
    expect(formatDay('2026-12-27', 'xx-invalid-locale-@@')).toBe('27/12/2026');
  });
});
