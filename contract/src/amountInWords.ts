import { minorDigits } from './money.ts';

// Amounts in words for receipts (DOMAIN.md, Receipt): English with Indian grouping (lakh, crore)
// for INR and international grouping (thousand, million, billion) otherwise; German for de; Hindi
// for hi, always with Indian grouping (हज़ार, लाख, करोड़; issue 48, point 2).

export type WordsLanguage = 'en' | 'de' | 'hi';

const units: Record<string, Record<WordsLanguage, [string, string]>> = {
  INR: { en: ['Rupees', 'Paise'], de: ['Rupien', 'Paise'], hi: ['रुपये', 'पैसे'] },
  EUR: { en: ['Euros', 'Cents'], de: ['Euro', 'Cent'], hi: ['यूरो', 'सेंट'] },
  USD: { en: ['Dollars', 'Cents'], de: ['Dollar', 'Cent'], hi: ['डॉलर', 'सेंट'] },
  GBP: { en: ['Pounds', 'Pence'], de: ['Pfund', 'Pence'], hi: ['पाउंड', 'पेंस'] },
};

const hundredths: Record<WordsLanguage, string> = { en: 'Hundredths', de: 'Hundertstel', hi: 'सौवें भाग' };

/** 0..99 in Hindi: each number has its own word. */
const hiSmall = (
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस ' +
  'बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस ' +
  'पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चौवालीस पैंतालीस छियालीस ' +
  'सैंतालीस अड़तालीस उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ ' +
  'इकसठ बासठ तिरेसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर ' +
  'पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी ' +
  'अट्ठासी नवासी नब्बे इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे'
).split(' ');

/** A whole number in Hindi words with Indian grouping: 120050 -> 'एक लाख बीस हज़ार पचास'. */
export function hindiNumber(n: number): string {
  if (n === 0) return hiSmall[0]!;
  const words: string[] = [];
  const crore = Math.floor(n / 1e7);
  if (crore) words.push(`${hindiNumber(crore)} करोड़`);
  for (const [size, name] of [
    [1e5, 'लाख'],
    [1e3, 'हज़ार'],
    [100, 'सौ'],
  ] as const) {
    const count = Math.floor((n % (size * (size === 100 ? 10 : 100))) / size);
    if (count) words.push(`${hiSmall[count]} ${name}`);
  }
  if (n % 100) words.push(hiSmall[n % 100]!);
  return words.join(' ');
}

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
 * 'One Thousand Five Hundred Euros and Fifty Cents Only', 'eintausendfünfhundert Euro und fünfzig Cent',
 * 'एक लाख बीस हज़ार रुपये और पचास पैसे मात्र'.
 */
export function amountInWords(minor: number, currency: string, lang: WordsLanguage): string {
  const digits = minorDigits(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const fraction = digits === 0 ? 0 : minor % 10 ** digits;
  const [major, minorName] = units[currency]?.[lang] ?? [currency, hundredths[lang]];
  if (lang === 'hi') {
    const paise = fraction ? ` और ${hindiNumber(fraction)} ${minorName}` : '';
    return `${hindiNumber(whole)} ${major}${paise} मात्र`;
  }
  if (lang === 'de') {
    const main = `${germanNumber(whole)} ${major}`;
    return fraction ? `${main} und ${germanNumber(fraction)} ${minorName}` : main;
  }
  const indian = currency === 'INR';
  const main = indian ? `${major} ${englishNumber(whole, true)}` : `${englishNumber(whole, false)} ${major}`;
  const cents = fraction ? ` and ${englishNumber(fraction, indian)} ${minorName}` : '';
  return `${main}${cents} Only`;
}
