import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { packageFormatters } from './PackagesPage';

describe('package figures', () => {
  it("shows speeds in Mbps, 0 data or session time as 'Unlimited'", () => {
    const format = packageFormatters(i18n.t);
    expect(format.speed(12.5)).toBe('12.5 Mbps');
    expect(format.data(0)).toBe('Unlimited');
    expect(format.data(250)).toBe('250 GB');
    expect(format.session(0)).toBe('Unlimited');
    expect(format.session(90)).toBe('90 min');
  });
});
