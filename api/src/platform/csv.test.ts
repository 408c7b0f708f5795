import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  byteOrderMark,
  column,
  csvCell,
  csvLanguages,
  csvStream,
  dateTimeText,
  decimalMoney,
  type CsvTable,
} from './csv.ts';
import { exportLanguage } from './csvExport.ts';
import type { Names } from './names.ts';

const noNames = { staff: new Map([[7, 'Asha Rao']]) } as unknown as Names;

async function text(stream: NodeJS.ReadableStream) {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('csv cells', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc");
    expect(csvCell('+91 98765 43210')).toBe("'+91 98765 43210");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a negative decimal a number: it runs nothing', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-7')).toBe('-7');
  });

  it('writes money as a plain decimal with the currency digits, exactly', () => {
    expect(decimalMoney(123450, 2)).toBe('1234.50');
    expect(decimalMoney(5, 2)).toBe('0.05');
    expect(decimalMoney(-1250, 2)).toBe('-12.50');
    expect(decimalMoney(1500, 0)).toBe('1500');
    expect(decimalMoney(1234567, 3)).toBe('1234.567');
    // Beyond float precision of minor / 100.
    expect(decimalMoney(999_999_999_999_99, 2)).toBe('999999999999.99');
  });

  it('writes an instant on the zone’s wall clock and a local time as written', () => {
    expect(dateTimeText('2026-11-26T20:40:00.000Z', 'Asia/Kolkata')).toBe('2026-11-27 02:10');
    expect(dateTimeText('2026-11-26T20:40:00.000Z', 'UTC')).toBe('2026-11-26 20:40');
    expect(dateTimeText('2026-11-26 07:10:00', 'Asia/Kolkata')).toBe('2026-11-26 07:10');
  });
});

describe('the export language', () => {
  it('is German for a German request and English otherwise', () => {
    expect(exportLanguage('de')).toBe('de');
    expect(exportLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(exportLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(exportLanguage('fr-FR,de;q=0.5')).toBe('de');
    expect(exportLanguage('fr-FR')).toBe('en');
    expect(exportLanguage('de;q=0')).toBe('en');
    expect(exportLanguage(undefined)).toBe('en');
    expect(exportLanguage('')).toBe('en');
  });

  it('is Hindi for a Hindi request (the web sends its screen language alone: hi)', () => {
    expect(exportLanguage('hi')).toBe('hi');
    expect(exportLanguage('hi-IN')).toBe('hi');
    expect(exportLanguage('hi-IN,hi;q=0.9,en-IN;q=0.8,en;q=0.7')).toBe('hi');
    expect(exportLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(exportLanguage('mr-IN,hi;q=0.6,de;q=0.5')).toBe('hi');
  });
});

describe('csvStream', () => {
  type Row = { name: string; fee: number; on: string; ok: boolean; mode: 'cash' | 'upi'; by: number };
  const table: CsvTable<Row> = {
    nameIds: (rows) => ({ staff: rows.map((r) => r.by) }),
    columns: [
      column.text({ en: 'Name', de: 'Name', hi: 'नाम' }, (r) => r.name),
      column.money({ en: 'Fee', de: 'Gebühr', hi: 'शुल्क' }, (r) => r.fee),
      column.date({ en: 'Date', de: 'Datum', hi: 'तारीख' }, (r) => r.on),
      column.yesNo({ en: 'Active', de: 'Aktiv', hi: 'सक्रिय' }, (r) => r.ok),
      column.word({ en: 'Mode', de: 'Zahlungsart', hi: 'माध्यम' }, (r) => r.mode, {
        cash: { en: 'Cash', de: 'Bar', hi: 'नकद' },
        upi: { en: 'UPI', de: 'UPI', hi: 'UPI' },
      }),
      column.text({ en: 'Recorded by', de: 'Erfasst von', hi: 'किसने दर्ज किया' }, (r, names) =>
        names.staff.get(r.by),
      ),
    ],
  };
  const row: Row = { name: 'Jürgen', fee: 150050, on: '2026-11-26', ok: false, mode: 'cash', by: 7 };

  it('starts with the BOM and the header in the language, then each batch until an empty one', async () => {
    const batches = [[row], [{ ...row, name: 'Zoë', ok: true, mode: 'upi' as const }], []];
    const looked: unknown[] = [];
    const de = csvStream(
      table,
      { lang: 'de', digits: 2, timeZone: 'UTC' },
      async (n) => batches[n] ?? [],
      async (ids) => (looked.push(ids), noNames),
    );
    expect(await text(de)).toBe(
      `${byteOrderMark}Name,Gebühr,Datum,Aktiv,Zahlungsart,Erfasst von\r\n` +
        'Jürgen,1500.50,2026-11-26,nein,Bar,Asha Rao\r\n' +
        'Zoë,1500.50,2026-11-26,ja,UPI,Asha Rao\r\n',
    );
    // Names are looked up once per batch, not per row.
    expect(looked).toEqual([{ staff: [7] }, { staff: [7] }]);
    const en = csvStream(
      table,
      { lang: 'en', digits: 2, timeZone: 'UTC' },
      async (n) => (n ? [] : [row]),
      async () => noNames,
    );
    expect(await text(en)).toBe(
      `${byteOrderMark}Name,Fee,Date,Active,Mode,Recorded by\r\nJürgen,1500.50,2026-11-26,no,Cash,Asha Rao\r\n`,
    );
  });

  it('writes Hindi headings and words after the byte order mark, as UTF-8 bytes', async () => {
    const hi = csvStream(
      table,
      { lang: 'hi', digits: 2, timeZone: 'UTC' },
      async (n) => (n ? [] : [row, { ...row, ok: true, mode: 'upi' as const }]),
      async () => noNames,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of hi) chunks.push(Buffer.from(String(chunk), 'utf8'));
    const bytes = Buffer.concat(chunks);
    // EF BB BF: what Excel needs to read the file as UTF-8 rather than the system's code page.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(
      `${byteOrderMark}नाम,शुल्क,तारीख,सक्रिय,माध्यम,किसने दर्ज किया\r\n` +
        'Jürgen,1500.50,2026-11-26,नहीं,नकद,Asha Rao\r\n' +
        'Jürgen,1500.50,2026-11-26,हाँ,UPI,Asha Rao\r\n',
    );
  });

  it('writes the header of an empty view', async () => {
    const empty = csvStream(
      table,
      { lang: 'en', digits: 0, timeZone: 'UTC' },
      async () => [],
      async () => noNames,
    );
    expect(await text(empty)).toBe(`${byteOrderMark}Name,Fee,Date,Active,Mode,Recorded by\r\n`);
  });
});

describe('every declared export', () => {
  it('labels each column in every language (en, de, hi), each label once per language', async () => {
    const modules = fileURLToPath(new URL('../modules', import.meta.url));
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /xportColumns\.ts$/.test(f),
    );
    const tables: [string, CsvTable<never>][] = [];
    for (const file of files) {
      const exported = (await import(join(modules, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        if (typeof value === 'object' && value !== null && 'columns' in value) {
          tables.push([`${file} ${name}`, value as CsvTable<never>]);
        }
      }
    }
    // 10 catalogue resources, members, staff, payments, refunds, expenses, statement, branch
    // payments, attendance.
    expect(tables.length).toBeGreaterThanOrEqual(18);
    for (const [name, table] of tables) {
      expect(table.columns.length, name).toBeGreaterThan(0);
      for (const lang of csvLanguages) {
        const labels = table.columns.map((c) => c.label[lang]);
        for (const l of labels) expect(l?.trim(), `${name} ${lang}`).toBeTruthy();
        expect(new Set(labels).size, `${name} ${lang}: ${labels.join(', ')}`).toBe(labels.length);
      }
      // No Hindi heading left in English: each is Devanagari, but for codes the glossary keeps Latin.
      for (const c of table.columns) {
        expect(latinKept.has(c.label.hi) || devanagari.test(c.label.hi), `${name}: ${c.label.en}`).toBe(true);
      }
    }
  });

  /*
   * TypeScript already asks for every language: `Words` is `Record<CsvLanguage, string>` and
   * CsvLanguage is contract/languages' list, so a heading or word object without `hi` does not
   * compile (column.*(label: Words), `satisfies Record<string, Words>`, `Record<Enum, Words>`).
   * This reads the sources too, so a text kept per language outside those types (a literal cast or
   * typed loosely) still fails here when it lacks a language or leaves one empty.
   */
  it('keeps every heading and word of the exports in every language, none empty', () => {
    const platform = fileURLToPath(new URL('.', import.meta.url));
    const modules = fileURLToPath(new URL('../modules', import.meta.url));
    const files = [
      join(platform, 'csv.ts'),
      join(platform, 'csvWords.ts'),
      ...readdirSync(modules, { recursive: true, encoding: 'utf8' })
        .filter((f) => /xportColumns\.ts$/.test(f))
        .map((f) => join(modules, f)),
    ];
    let objects = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      // Every object literal that starts with `en:` is a text per language (Words).
      for (const [object] of source.matchAll(/\{\s*en:[^{}]*\}/g)) {
        objects += 1;
        const texts = Object.fromEntries(
          [...object.matchAll(/(\w+):\s*(['"`])((?:(?!\2)[^\\]|\\.)*)\2/g)].map((m) => [m[1], m[3]]),
        );
        expect(Object.keys(texts).sort(), `${file}: ${object}`).toEqual([...csvLanguages].sort());
        for (const lang of csvLanguages) expect(texts[lang]?.trim(), `${file}: ${object}`).toBeTruthy();
        if (!latinKept.has(texts.hi!)) expect(texts.hi, `${file}: ${object}`).toMatch(devanagari);
      }
    }
    // The headings of 18 exports and their words (status, mode, kind...), and yes/no.
    expect(objects).toBeGreaterThan(150);
  });
});

describe('the members headings', () => {
  it('name each column by texts no other column uses in any language: the import reads them all', async () => {
    const { memberHeadings } = await import('../modules/users/exportColumns.ts');
    const owner = new Map<string, string>();
    for (const [column, words] of Object.entries(memberHeadings)) {
      for (const word of Object.values(words as Record<string, string>)) {
        const key = word.trim().normalize('NFC').toLowerCase();
        expect(owner.get(key) ?? column, `${word}: ${owner.get(key)} and ${column}`).toBe(column);
        owner.set(key, column);
      }
    }
  });
});

/** Texts the Hindi glossary keeps in Latin letters (codes, units): not a missed translation. */
const latinKept = new Set(['PIN', 'UPI', 'UPI ID']);
const devanagari = /[\u0900-\u097F]/;
