import { Readable } from 'node:stream';
import { languages, type Language } from '@app/contract/languages';
import type { NameIds, Names } from './names.ts';

/*
 * CSV exports (issue 14, point 9). Every export declares its columns once, as a list of
 * `{ label: { en, de, hi }, value }`, and `csvStream` writes them: the header in the request's language,
 * then the rows a batch at a time. The column helpers below turn values into what a spreadsheet
 * reads without help: ISO dates, HH:MM times, plain decimal money, yes/no and enum words in the
 * language. docs/decisions/web.md, "Readable CSV exports".
 */

/**
 * The languages an export is written in: the product's (contract/languages, issue 48). `Words` asks
 * for a text in each, so TypeScript names every heading or word that lacks one when a language is
 * added there; csvWords.test.ts checks the same of every export at run time (none empty, none left
 * in English).
 */
export const csvLanguages = languages;
export type CsvLanguage = Language;
export type Words = Record<CsvLanguage, string>;

type Cell = string | number | boolean | null | undefined | object;

/** What one export's cells need besides the row: its language, currency, time zone and names. */
export type CsvScope = {
  lang: CsvLanguage;
  /** Digits after the decimal point of the organisation's currency (INR 2, JPY 0). */
  digits: number;
  /** Instants are written as the wall clock of this zone (the branch's, else the organisation's). */
  timeZone: string;
  names: Names;
};

export type CsvColumn<R> = { label: Words; value: (row: R, scope: CsvScope) => string | number | null };

/** An export's columns, and which ids of a batch's rows need names (one query per kind a batch). */
export type CsvTable<R> = { columns: CsvColumn<R>[]; nameIds?: (rows: R[]) => NameIds };

/**
 * UTF-8 byte order mark: spreadsheet programs (Excel) read the file as UTF-8 (umlauts, ₹,
 * Devanagari) only with it; without it Excel reads the bytes as the system's code page.
 */
export const byteOrderMark = '\uFEFF';

/**
 * RFC 4180 quoting, plus a leading quote for cells a spreadsheet would run as a formula. A plain
 * decimal ('-12.50', a negative balance) runs nothing and stays a number.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text);
  if (formula && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Minor units as a plain decimal of the currency: 123450 -> '1234.50' (exact, no float). */
export function decimalMoney(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** 'YYYY-MM-DD HH:MM' of an instant on the wall clock of `timeZone`. */
function wallClock(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** An instant has a zone (`...Z`, `+05:30`); a local value ('2026-11-26 07:10:00') is kept as written. */
const isInstant = (value: string) => /T.*(Z|[+-]\d\d:?\d\d)$/.test(value);

/** 'YYYY-MM-DD HH:MM' of an instant in the scope's zone, or of a local date-time as written. */
export function dateTimeText(value: string, timeZone: string): string {
  return isInstant(value) ? wallClock(value, timeZone) : value.replace('T', ' ').slice(0, 16);
}

type Get<R, T> = (row: R, names: Names) => T | null | undefined;

const orEmpty = <T>(value: T | null | undefined) => (value === null || value === undefined ? null : value);

/** Column helpers: each says how its value is written, so no export formats a cell by hand. */
export const column = {
  text: <R>(label: Words, get: Get<R, string | number>): CsvColumn<R> => ({
    label,
    value: (row, s) => orEmpty(get(row, s.names)),
  }),
  money: <R>(label: Words, get: Get<R, number>): CsvColumn<R> => ({
    label,
    value: (row, s) => {
      const minor = get(row, s.names);
      return minor === null || minor === undefined ? null : decimalMoney(minor, s.digits);
    },
  }),
  /** A date (YYYY-MM-DD) as it is, or an instant's day in the scope's zone. */
  date: <R>(label: Words, get: Get<R, string>): CsvColumn<R> => ({
    label,
    value: (row, s) => {
      const v = get(row, s.names);
      return v ? dateTimeText(v, s.timeZone).slice(0, 10) : null;
    },
  }),
  /** A time of day ('07:30:00') or an instant, as HH:MM. */
  time: <R>(label: Words, get: Get<R, string>): CsvColumn<R> => ({
    label,
    value: (row, s) => {
      const v = get(row, s.names);
      if (!v) return null;
      return /^\d\d:\d\d/.test(v) ? v.slice(0, 5) : dateTimeText(v, s.timeZone).slice(11, 16);
    },
  }),
  dateTime: <R>(label: Words, get: Get<R, string>): CsvColumn<R> => ({
    label,
    value: (row, s) => {
      const v = get(row, s.names);
      return v ? dateTimeText(v, s.timeZone) : null;
    },
  }),
  yesNo: <R>(label: Words, get: Get<R, boolean>): CsvColumn<R> => ({
    label,
    value: (row, s) => {
      const v = get(row, s.names);
      return v === null || v === undefined ? null : (v ? yesNoWords.yes : yesNoWords.no)[s.lang];
    },
  }),
  /** An enum value (status, mode) as its word in the language; an unknown value as it is. */
  word: <R, V extends string>(label: Words, get: Get<R, V>, words: Record<V, Words>): CsvColumn<R> => ({
    label,
    value: (row, s) => {
      const v = get(row, s.names);
      return v === null || v === undefined ? null : (words[v]?.[s.lang] ?? v);
    },
  }),
  /** Several values (enum words or names) in one cell, separated by '; '. */
  list: <R>(label: Words, get: (row: R, names: Names, lang: CsvLanguage) => string[]): CsvColumn<R> => ({
    label,
    value: (row, s) => get(row, s.names, s.lang).join('; '),
  }),
};

export const yesNoWords = {
  yes: { en: 'yes', de: 'ja', hi: 'हाँ' },
  no: { en: 'no', de: 'nein', hi: 'नहीं' },
} satisfies Record<string, Words>;

/**
 * Streams the export: the byte order mark and the header row at once (also for an empty view),
 * then every batch `fetchBatch` yields until an empty one, with the batch's names looked up in one
 * go. Memory stays at one batch whatever the total.
 */
export function csvStream<R>(
  table: CsvTable<R>,
  scope: Omit<CsvScope, 'names'>,
  fetchBatch: (batch: number) => Promise<R[]>,
  lookUp: (ids: NameIds) => Promise<Names>,
): Readable {
  async function* lines() {
    yield byteOrderMark + csvLine(table.columns.map((c) => c.label[scope.lang]));
    for (let batch = 0; ; batch++) {
      const rows = await fetchBatch(batch);
      if (rows.length === 0) break;
      const names = await lookUp(table.nameIds?.(rows) ?? {});
      const cells = { ...scope, names };
      let text = '';
      for (const row of rows) text += csvLine(table.columns.map((c) => c.value(row, cells)));
      yield text;
    }
  }
  return Readable.from(lines());
}
