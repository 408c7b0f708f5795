import { describe, expect, it } from 'vitest';
import { formatMoney, maxMinorAmount, minorDigits, parseMoney } from './money.ts';
import { minorAmountSchema, positiveMinorAmountSchema } from './moneySchemas.ts';

describe('parseMoney', () => {
  it.each([
    ['1,500.50', 150050],
    ['1500', 150000],
    ['1500.5', 150050],
    ['1500.', 150000],
    ['.5', 50],
    ['0', 0],
    ['0.01', 1],
    ['  42.10  ', 4210],
    ['1,50,000', 15000000],
    ['12,34,567.89', 123456789],
    ['1,000,000', 100000000],
    ['1 500.00', 150000],
    ['1\u00a0500', 150000],
  ])('reads %j as %d minor units', (text, minor) => {
    expect(parseMoney(text)).toBe(minor);
  });

  it.each([
    '',
    '   ',
    '.',
    '-5',
    '-0.50',
    '+5',
    'abc',
    '12abc',
    '1e5',
    '1.2.3',
    '1,5',
    '1,5000',
    '1,000,',
    ',000',
    '1,,000',
    '1, 000',
    '1,000 000',
    '1234,567',
    '1.234',
    '₹100',
    'NaN',
    'Infinity',
  ])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('honours the currency’s number of decimals', () => {
    expect(parseMoney('1500', 0)).toBe(1500);
    expect(parseMoney('1500.5', 0)).toBeNull();
    expect(parseMoney('1.234', 3)).toBe(1234);
    expect(parseMoney('1.2345', 3)).toBeNull();
  });

  it('refuses amounts beyond the largest one the API accepts', () => {
    expect(parseMoney(String(maxMinorAmount / 100))).toBe(maxMinorAmount);
    expect(parseMoney(String(maxMinorAmount / 100 + 1))).toBeNull();
    expect(parseMoney('9'.repeat(30))).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats INR minor units in Indian grouping', () => {
    expect(formatMoney(15000050, 'INR', 'en-IN')).toBe('₹1,50,000.50');
    expect(formatMoney(5, 'INR', 'en-IN')).toBe('₹0.05');
    expect(formatMoney(0, 'INR', 'en-IN')).toBe('₹0.00');
  });

  it('uses the locale’s separators and symbol placement', () => {
    expect(formatMoney(150050, 'EUR', 'de-DE')).toBe('1.500,50\u00a0€');
    expect(formatMoney(150050, 'USD', 'en-US')).toBe('$1,500.50');
  });

  it('takes the minor-unit digits from Intl for the currency', () => {
    expect(minorDigits('INR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(1234, 'BHD', 'en-US')).toMatch(/1\.234$/);
  });

  it('keeps each locale and currency apart when formatters are reused', () => {
    // Interleaved: a formatter kept for one pair must never serve another.
    for (let i = 0; i < 2; i++) {
      expect(formatMoney(150050, 'EUR', 'de-DE')).toBe('1.500,50\u00a0€');
      expect(formatMoney(150050, 'EUR', 'en-US')).toBe('€1,500.50');
      expect(formatMoney(150050, 'USD', 'en-US')).toBe('$1,500.50');
      expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    }
  });

  it('formats negatives and large amounts exactly (no floating-point drift)', () => {
    expect(formatMoney(-150050, 'USD', 'en-US')).toBe('-$1,500.50');
    expect(formatMoney(900719925474099, 'USD', 'en-US')).toBe('$9,007,199,254,740.99');
    expect(formatMoney(1, 'USD', 'en-US')).toBe('$0.01');
  });

  it('round-trips with parseMoney', () => {
    for (const minor of [0, 1, 99, 100, 150050, 123456789]) {
      const shown = formatMoney(minor, 'USD', 'en-US').replace('$', '');
      expect(parseMoney(shown)).toBe(minor);
    }
  });
});

describe('minorAmountSchema', () => {
  it('accepts whole non-negative minor units only', () => {
    expect(minorAmountSchema.safeParse(150050).success).toBe(true);
    expect(minorAmountSchema.safeParse(0).success).toBe(true);
    expect(minorAmountSchema.safeParse(1.5).success).toBe(false);
    expect(minorAmountSchema.safeParse(-1).success).toBe(false);
    expect(minorAmountSchema.safeParse('100').success).toBe(false);
    expect(minorAmountSchema.safeParse(maxMinorAmount + 1).success).toBe(false);
  });

  it('positiveMinorAmountSchema refuses zero with a single message', () => {
    expect(positiveMinorAmountSchema.safeParse(1).success).toBe(true);
    const zero = positiveMinorAmountSchema.safeParse(0);
    expect(zero.success).toBe(false);
    expect(zero.error?.issues).toHaveLength(1);
    expect(positiveMinorAmountSchema.safeParse(-100).error?.issues).toHaveLength(1);
  });
});
