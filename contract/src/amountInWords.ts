import { minorDigits } from './money.ts';

// Amounts in words for receipts (DOMAIN.md, Receipt): English with Indian grouping (lakh, crore)
// for INR and international grouping (thousand, million, billion) otherwise; German for de.

const units: Record<string, { en: [string, string]; de: [string, string] }> = {
  INR: { en: ['Rupees', 'Paise'], de: ['Rupien', 'Paise'] },
  EUR: { en: ['Euros', 'Cents'], de: ['Euro', 'Cent'] },
  USD: { en: ['Dollars', 'Cents'], de: ['Dollar', 'Cent'] },
  GBP: { en: ['Pounds', 'Pence'], de: ['Pfund', 'Pence'] },
};

const enSmall = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const enTens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0..999 in English: 'One Hundred Five', 'Forty-Two'. */
function enBelowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${enSmall[Math.floor(n / 100)]} Hundred`);
  const rest = n % 100;
  if (rest > 0 || n === 0) {
    words.push(
      rest < 20
        ? enSmall[rest]!
        : `${enTens[Math.floor(rest / 10)]}${rest % 10 ? `-${enSmall[rest % 10]}` : ''}`,
    );
  }
  return words.join(' ');
}

/** A whole number in English words, Indian (lakh, crore) or international grouping. */
export function englishNumber(n: number, indian: boolean): string {
  if (n === 0) return 'Zero';
  const groups: [number, string][] = indian
    ? [
        [1e7, 'Crore'],
        [1e5, 'Lakh'],
        [1e3, 'Thousand'],
      ]
    : [
        [1e9, 'Billion'],
        [1e6, 'Million'],
        [1e3, 'Thousand'],
      ];
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of groups) {
    if (rest >= size) {
      const count = Math.floor(rest / size);
      // Crores above 99 are counted in words of their own (e.g. One Hundred Twenty Crore).
      words.push(`${englishNumber(count, indian)} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) words.push(enBelowThousand(rest));
  return words.join(' ');
}

const deSmall = [
  'null',
  'eins',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
];
const deTens = [
  '',
  '',
  'zwanzig',
  'dreißig',
  'vierzig',
  'fünfzig',
  'sechzig',
  'siebzig',
  'achtzig',
  'neunzig',
];

/** 1..999 in German, written as one word; `ein` instead of `eins` before hundert/tausend. */
function deBelowThousand(n: number): string {
  let word = '';
  if (n >= 100) word += `${Math.floor(n / 100) === 1 ? 'ein' : deSmall[Math.floor(n / 100)]}hundert`;
  const rest = n % 100;
  if (rest > 0 && rest < 20) word += deSmall[rest];
  else if (rest >= 20)
    word += `${rest % 10 ? `${rest % 10 === 1 ? 'ein' : deSmall[rest % 10]}und` : ''}${deTens[Math.floor(rest / 10)]}`;
  return word;
}

/** A whole number in German words ('eintausendfünfhundert', 'zwei Millionen dreihundert'). */
export function germanNumber(n: number): string {
  if (n === 0) return 'null';
  const parts: string[] = [];
  let rest = n;
  const billions = Math.floor(rest / 1e9);
  rest %= 1e9;
  const millions = Math.floor(rest / 1e6);
  rest %= 1e6;
  if (billions) parts.push(billions === 1 ? 'eine Milliarde' : `${germanNumber(billions)} Milliarden`);
  if (millions) parts.push(millions === 1 ? 'eine Million' : `${germanNumber(millions)} Millionen`);
  const thousands = Math.floor(rest / 1000);
  const below = rest % 1000;
  let word = '';
  if (thousands)
    word += `${thousands === 1 ? 'ein' : deBelowThousand(thousands).replace(/eins$/, 'ein')}tausend`;
  if (below) word += deBelowThousand(below);
  if (word) parts.push(word);
  return parts.join(' ');
}

/**
 * `minor` units of `currency` in words: 'Rupees One Lakh Twenty Thousand and Fifty Paise Only',
 * 'One Thousand Five Hundred Euros and Fifty Cents Only', 'eintausendfünfhundert Euro und fünfzig Cent'.
 */
export function amountInWords(minor: number, currency: string, lang: 'en' | 'de'): string {
  const digits = minorDigits(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const fraction = digits === 0 ? 0 : minor % 10 ** digits;
  const [major, minorName] = units[currency]?.[lang] ?? [
    currency,
    lang === 'de' ? 'Hundertstel' : 'Hundredths',
  ];
  if (lang === 'de') {
    const main = `${germanNumber(whole)} ${major}`;
    return fraction ? `${main} und ${germanNumber(fraction)} ${minorName}` : main;
  }
  const indian = currency === 'INR';
  const main = indian ? `${major} ${englishNumber(whole, true)}` : `${englishNumber(whole, false)} ${major}`;
  const cents = fraction ? ` and ${englishNumber(fraction, indian)} ${minorName}` : '';
  return `${main}${cents} Only`;
}
