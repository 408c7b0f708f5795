import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  byteOrderMark,
  column,
  csvCell,
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
});

describe('csvStream', () => {
  type Row = { name: string; fee: number; on: string; ok: boolean; mode: 'cash' | 'upi'; by: number };
  const table: CsvTable<Row> = {
    nameIds: (rows) => ({ staff: rows.map((r) => r.by) }),
    columns: [
      column.text({ en: 'Name', de: 'Name' }, (r) => r.name),
      column.money({ en: 'Fee', de: 'Gebühr' }, (r) => r.fee),
      column.date({ en: 'Date', de: 'Datum' }, (r) => r.on),
      column.yesNo({ en: 'Active', de: 'Aktiv' }, (r) => r.ok),
      column.word({ en: 'Mode', de: 'Zahlungsart' }, (r) => r.mode, {
        cash: { en: 'Cash', de: 'Bar' },
        upi: { en: 'UPI', de: 'UPI' },
      }),
      column.text({ en: 'Recorded by', de: 'Erfasst von' }, (r, names) => names.staff.get(r.by)),
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
  it('labels each column in English and German, each label once per language', async () => {
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
      for (const lang of ['en', 'de'] as const) {
        const labels = table.columns.map((c) => c.label[lang]);
        for (const l of labels) expect(l.trim(), `${name} ${lang}`).not.toBe('');
        expect(new Set(labels).size, `${name} ${lang}: ${labels.join(', ')}`).toBe(labels.length);
      }
    }
  });
});
