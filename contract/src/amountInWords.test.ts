import { describe, expect, it } from 'vitest';
import { amountInWords, englishNumber, germanNumber } from './amountInWords.ts';

describe('English numbers', () => {
  it.each([
    [0, 'Zero'],
    [1, 'One'],
    [15, 'Fifteen'],
    [42, 'Forty-Two'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [1000, 'One Thousand'],
    [1500, 'One Thousand Five Hundred'],
  ])('%i is %s in both groupings', (n, words) => {
    expect(englishNumber(n, true)).toBe(words);
    expect(englishNumber(n, false)).toBe(words);
  });

  it('groups in lakh and crore for India, in million and billion elsewhere', () => {
    expect(englishNumber(100000, true)).toBe('One Lakh');
    expect(englishNumber(10000000, true)).toBe('One Crore');
    expect(englishNumber(123456789, true)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    );
    expect(englishNumber(1234567, false)).toBe(
      'One Million Two Hundred Thirty-Four Thousand Five Hundred Sixty-Seven',
    );
    expect(englishNumber(2000000000, false)).toBe('Two Billion');
  });
});

describe('German numbers', () => {
  it.each([
    [0, 'null'],
    [1, 'eins'],
    [21, 'einundzwanzig'],
    [100, 'einhundert'],
    [101, 'einhunderteins'],
    [1000, 'eintausend'],
    [1500, 'eintausendfünfhundert'],
    [21000, 'einundzwanzigtausend'],
    [101000, 'einhunderteintausend'],
    [1000000, 'eine Million'],
    [2345678, 'zwei Millionen dreihundertfünfundvierzigtausendsechshundertachtundsiebzig'],
  ])('%i is %s', (n, words) => expect(germanNumber(n)).toBe(words));
});

describe('amounts in words', () => {
  it('writes rupees the Indian way', () => {
    expect(amountInWords(123456789_05, 'INR', 'en')).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    );
    expect(amountInWords(180000, 'INR', 'en')).toBe('Rupees One Thousand Eight Hundred Only');
    expect(amountInWords(180000, 'INR', 'de')).toBe('eintausendachthundert Rupien');
  });

  it('writes euros in English and German', () => {
    expect(amountInWords(123456789, 'EUR', 'en')).toBe(
      'One Million Two Hundred Thirty-Four Thousand Five Hundred Sixty-Seven Euros and Eighty-Nine Cents Only',
    );
    expect(amountInWords(123456789, 'EUR', 'de')).toBe(
      'eine Million zweihundertvierunddreißigtausendfünfhundertsiebenundsechzig Euro und neunundachtzig Cent',
    );
  });

  // Issue 48, point 2: Hindi with Indian numbering (हज़ार, लाख, करोड़), each of 0..99 its own word.
  it('writes rupees in Hindi words', () => {
    expect(amountInWords(54000, 'INR', 'hi')).toBe('पाँच सौ चालीस रुपये मात्र');
    expect(amountInWords(12000050, 'INR', 'hi')).toBe('एक लाख बीस हज़ार रुपये और पचास पैसे मात्र');
    expect(amountInWords(123456788905, 'INR', 'hi')).toBe(
      'एक सौ तेईस करोड़ पैंतालीस लाख सड़सठ हज़ार आठ सौ नवासी रुपये और पाँच पैसे मात्र',
    );
    expect(amountInWords(9999900, 'INR', 'hi')).toBe('निन्यानवे हज़ार नौ सौ निन्यानवे रुपये मात्र');
    expect(amountInWords(0, 'INR', 'hi')).toBe('शून्य रुपये मात्र');
    expect(amountInWords(1550, 'CHF', 'hi')).toBe('पंद्रह CHF और पचास सौवें भाग मात्र');
  });

  it('has no fraction for a currency without minor units, and names unknown currencies by code', () => {
    expect(amountInWords(1500, 'JPY', 'en')).toBe('One Thousand Five Hundred JPY Only');
    expect(amountInWords(1550, 'CHF', 'en')).toBe('Fifteen CHF and Fifty Hundredths Only');
  });
});
