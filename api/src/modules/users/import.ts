import type { ZodError } from 'zod';
import type { FieldError } from '@app/contract/errors';
import type { ErrorCode } from '@app/contract/errorCodes';
import { byteOrderMark, csvLine, yesNoWords, type CsvLanguage } from '../../platform/csv.ts';
import { importColumns, userInputSchema, type ParsedUserInput } from '@app/contract/users';
import { languageNames, languageOfWord, type Language } from '@app/contract/languages';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { organisationLanguage } from '../../platform/orgLanguage.ts';
import {
  conflict,
  fieldError,
  pgErrorCode,
  said,
  validationFailed,
  type CodedFieldError,
} from '../../platform/errors.ts';
import { setImmediate } from 'node:timers/promises';
import { CsvParseError, parseCsvInSlices, type CsvRecord } from '../../platform/csvParse.ts';
import { schemaDetail } from '../../platform/schemaDetails.ts';
import { branchToday, MemberChecker, startingStatus } from './members.ts';
import { memberJsonSql } from './memberWrites.ts';
import { memberHeadings } from './exportColumns.ts';

type Column = (typeof importColumns)[number];
type RowError = { field: string; message: string; code?: string; params?: FieldError['params'] };

/** A row problem said with a code (contract errorCodes), so the preview reads in the user's language. */
const rowError = (field: string, { path: _path, ...said }: FieldError): RowError => ({ ...said, field });
/** One row of the file after its checks: `input` when it passed, else its problems. */
type CheckedRow = { line: number; cells: string[]; errors: RowError[]; input?: ParsedUserInput };
/** Where each of the file's columns is among a row's cells. */
type ColumnAt = Partial<Record<Column, number>>;
/** Each column as the user reads it: the file's own heading, else the export's in the request's language. */
type ColumnNames = Record<Column, string>;
/** What a row is checked with: where its columns are and how to name them. */
type FileShape = { at: ColumnAt; names: ColumnNames };

export const maxImportRows = 20_000;
const required: Column[] = ['name', 'mobile', 'validFrom', 'validTill'];
/** API field -> the file's column, for messages. */
const columnOf: Record<string, Column> = {
  roomId: 'room',
  packageId: 'package',
  feeStructureId: 'feeStructure',
};
const aliases: Record<string, Column> = {
  roomid: 'room',
  packageid: 'package',
  feestructureid: 'feeStructure',
};

/**
 * Columns of the members export that the system keeps: an exported file carries them and imports
 * as it is, without them (a new member gets the next member number, starts owing nothing, and is
 * active or expired by the dates it brings). The preview names them (`ignoredColumns`).
 */
const keptBySystem = ['userId', 'active', 'inactiveReason', 'dues', 'duesSince'] as const;

/**
 * A heading or cell as it is compared: trimmed, any case, and in one Unicode form. Devanagari's nukta
 * letters (ज़, फ़, ड़) can be one code point or two; a spreadsheet may save either (issue 48).
 */
const comparable = (text: string) => text.trim().normalize('NFC').toLowerCase();

/**
 * A heading -> its column: the export's headings in every language (en, de, hi; issue 41, point 4,
 * and issue 48), the API's own names (files made from the earlier template) and a few id aliases;
 * any case.
 */
const headingColumns = new Map<string, Column | null>([
  ...keptBySystem.flatMap((k) => Object.values(memberHeadings[k]).map((w) => [comparable(w), null] as const)),
  ...importColumns.flatMap((c) => [
    ...Object.values(memberHeadings[c]).map((w) => [comparable(w), c] as const),
    [c.toLowerCase(), c] as const,
  ]),
  ...Object.entries(aliases),
]);

/**
 * The template: the export's headings in the request's language, and one example row as it writes
 * them; with the byte order mark, as every export, so a spreadsheet reads Devanagari and umlauts.
 */
export function importTemplate(lang: CsvLanguage): string {
  const no = yesNoWords.no[lang];
  const example: Record<Column, string> = {
    name: 'Asha Rao',
    mobile: '9876543210',
    email: 'asha.rao@example.com',
    validFrom: '2025-01-01',
    validTill: '2025-01-31',
    entryTime: '08:00',
    exitTime: '14:00',
    nextDayExit: no,
    room: 'Reading Room 1',
    seatNumber: '12',
    package: '',
    feeStructure: '',
    addedToBiometricMachine: no,
    biometricMachineId: '',
    address: '12 MG Road, Bengaluru',
    notes: '',
    joinedOn: '2025-01-01',
    language: languageNames[lang],
  };
  return (
    byteOrderMark +
    csvLine(importColumns.map((c) => memberHeadings[c][lang])) +
    csvLine(importColumns.map((c) => example[c]))
  );
}

/** The file's columns (null: kept by the system, read past), named as the file names them. */
function headerColumns(header: string[], lang: CsvLanguage) {
  const unknown: string[] = [];
  const ignored: string[] = [];
  const columns = header.map((h) => {
    const column = headingColumns.get(comparable(h));
    if (column === undefined) unknown.push(h.trim() || '(empty)');
    else if (column === null) ignored.push(h.trim());
    return column ?? null;
  });
  // A column is named as the export spells it: in the file's language when the file uses an export
  // heading (either language), else in the request's; never by the API's field name.
  const names = Object.fromEntries(
    importColumns.map((c) => {
      const at = columns.indexOf(c);
      const written = at < 0 ? undefined : comparable(header[at] ?? '');
      const exported = Object.values(memberHeadings[c]).find((w) => comparable(w) === written);
      return [c, exported ?? memberHeadings[c][lang]];
    }),
  ) as ColumnNames;
  // One detail per kind of problem, each with its code, so the web says them in the user's language;
  // columns are named as the file (else the export) spells them, never by the API's field names.
  const problems: CodedFieldError[] = [];
  const listed = (list: string[]) => ({ columns: list.join(', ') });
  if (unknown.length) problems.push(fieldError('body.csv', 'IMPORT_UNKNOWN_COLUMNS', listed(unknown)));
  const missing = required.filter((c) => !columns.includes(c)).map((c) => names[c]);
  if (missing.length) problems.push(fieldError('body.csv', 'IMPORT_MISSING_COLUMNS', listed(missing)));
  const dup = importColumns.filter((c) => columns.indexOf(c) !== columns.lastIndexOf(c)).map((c) => names[c]);
  if (dup.length) problems.push(fieldError('body.csv', 'IMPORT_REPEATED_COLUMNS', listed(dup)));
  if (problems.length) throw validationFailed(problems, said('IMPORT_HEADER_INVALID'));
  return { columns, names, ignored };
}

/**
 * A large file is read and checked in slices, with a turn of the event loop between two slices, so
 * another organisation's requests (and /api/health) wait for one slice, not for the whole file
 * (issue 36). Each slice is a few milliseconds of work.
 */
const rowsPerSlice = 200;
const nextTurn = () => setImmediate();

async function readRecords(csv: string, lang: CsvLanguage) {
  let records: CsvRecord[];
  try {
    records = await parseCsvInSlices(csv, nextTurn);
  } catch (err) {
    if (err instanceof CsvParseError)
      throw validationFailed([fieldError('body.csv', 'IMPORT_QUOTE_NOT_CLOSED', { line: err.line })]);
    throw err;
  }
  const [header, ...rows] = records;
  if (!header) throw validationFailed([fieldError('body.csv', 'IMPORT_EMPTY')]);
  if (rows.length > maxImportRows) {
    throw validationFailed([fieldError('body.csv', 'IMPORT_TOO_MANY_ROWS', { max: maxImportRows })]);
  }
  return { ...headerColumns(header.cells, lang), rows };
}

/**
 * yes/no as the export writes them in every language (yes/ja/हाँ, no/nein/नहीं), and the usual
 * spellings besides: हां (without the candrabindu, as many keyboards type it), 1/0, true/false.
 */
const booleanWords: Record<string, boolean> = {
  ...Object.fromEntries(Object.values(yesNoWords.yes).map((w) => [comparable(w), true])),
  ...Object.fromEntries(Object.values(yesNoWords.no).map((w) => [comparable(w), false])),
  true: true,
  y: true,
  j: true,
  हां: true,
  '1': true,
  false: false,
  n: false,
  ना: false,
  '0': false,
};

/** Text the export guarded against running as a formula ('=x' written as "'=x") reads as it was. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Turns one row's text into a candidate API body; problems the text alone shows go to `errors`. */
function candidate(cells: string[], { at, names }: FileShape, checker: MemberChecker, errors: RowError[]) {
  const text = (c: Column) => {
    const i = at[c];
    return i === undefined ? '' : unguarded(cells[i] ?? '').trim();
  };
  const bool = (c: Column) => {
    const v = comparable(text(c));
    if (v === '') return false;
    if (v in booleanWords) return booleanWords[v];
    errors.push(rowError(names[c], fieldError(c, 'IMPORT_USE_BOOLEAN')));
    return false;
  };
  const int = (c: Column) => {
    const v = text(c);
    if (v === '') return null;
    if (!/^\d+$/.test(v)) {
      errors.push(rowError(names[c], fieldError(c, 'IMPORT_USE_WHOLE_NUMBER')));
      return null;
    }
    return Number(v);
  };
  /** A reference by id or by name (any case). */
  const ref = (c: Column, map: Map<number, { id: number; name: string }>, unknownCode: ErrorCode) => {
    const v = text(c);
    if (v === '') return null;
    const found = /^\d+$/.test(v)
      ? map.get(Number(v))
      : [...map.values()].find((x) => x.name.toLowerCase() === v.toLowerCase());
    if (!found) {
      errors.push(rowError(names[c], fieldError(c, unknownCode)));
      return null;
    }
    return found.id;
  };
  return {
    name: text('name'),
    mobile: text('mobile'),
    email: text('email') || null,
    validFrom: text('validFrom'),
    validTill: text('validTill'),
    entryTime: text('entryTime') || undefined,
    exitTime: text('exitTime') || undefined,
    nextDayExit: bool('nextDayExit'),
    roomId: ref('room', checker.rooms, 'IMPORT_UNKNOWN_ROOM'),
    seatNumber: int('seatNumber'),
    packageId: ref('package', checker.packages, 'IMPORT_UNKNOWN_PACKAGE'),
    feeStructureId: ref('feeStructure', checker.feeStructures, 'IMPORT_UNKNOWN_FEE_STRUCTURE'),
    addedToBiometricMachine: bool('addedToBiometricMachine'),
    biometricMachineId: int('biometricMachineId'),
    address: text('address'),
    notes: text('notes'),
    joinedOn: text('joinedOn') || null,
    // A code or a language's name (en, English, हिन्दी...); a word not ours fails the schema's check.
    // Empty: the organisation's language (issue 48).
    language: text('language') === '' ? null : (languageOfWord(text('language')) ?? text('language')),
  };
}

/** An API field's column, as the user reads it (the file's heading, else the export's). */
const columnName = (names: ColumnNames, field: string) => {
  const column = columnOf[field] ?? field;
  return column in names ? names[column as Column] : column;
};

// Coded like a request's field problems (zod's own words as `zod.<issue>`), so the preview words them.
const zodErrors = (err: ZodError, names: ColumnNames): RowError[] =>
  err.issues.map((i) =>
    rowError(columnName(names, String(i.path[0] ?? 'row')), schemaDetail('', i.code, i.message, { ...i })),
  );

/**
 * Every row checked against every rule, the stored members and the rows above it in the file, in
 * file order; `take` gets each row as it is checked. Nothing of a row is kept here, so what the
 * caller keeps is all that stays alive (issue 36: the import keeps column arrays, not row objects).
 */
async function checkFile(
  db: Db | Tx,
  ctx: StaffContext,
  file: { csv: string; lang: CsvLanguage },
  lock: boolean,
  take: (row: CheckedRow) => void,
) {
  const { columns, names, ignored, rows } = await readRecords(file.csv, file.lang);
  const at: ColumnAt = Object.fromEntries(columns.flatMap((c, i) => (c ? [[c, i]] : [])));
  const shape: FileShape = { at, names };
  const mobileAt = columns.indexOf('mobile');
  const mobiles = rows.map((r) => (r.cells[mobileAt] ?? '').replace(/[\s\-().]/g, '')).filter(Boolean);
  // Rooms are named in the file; lock and load every room of the branch (a branch has few rooms).
  const preload = await MemberChecker.load(db, ctx, { mobiles: [], roomIds: [], lock: false });
  const checker = await MemberChecker.load(db, ctx, { mobiles, roomIds: [...preload.rooms.keys()], lock });
  for (let from = 0; from < rows.length; from += rowsPerSlice) {
    if (from > 0) await nextTurn();
    // In file order: a row is checked against the rows above it (checker.accept).
    const to = Math.min(from + rowsPerSlice, rows.length);
    for (let i = from; i < to; i++) {
      const { line, cells } = rows[i]!;
      take(checkRow(line, cells, shape, checker));
    }
  }
  return { columns, ignored };
}

/** One row against every rule, the stored members and the rows accepted above it. */
function checkRow(line: number, cells: string[], shape: FileShape, checker: MemberChecker): CheckedRow {
  const errors: RowError[] = [];
  const body = candidate(cells, shape, checker, errors);
  const parsed = userInputSchema.safeParse(body);
  if (!parsed.success) {
    // A column already reported (an unknown room) is not reported again by the schema.
    const seen = new Set(errors.map((e) => e.field));
    errors.push(...zodErrors(parsed.error, shape.names).filter((e) => !seen.has(e.field)));
  }
  if (errors.length || !parsed.success) return { line, cells, errors };
  const { details, conflicts } = checker.check(parsed.data);
  for (const d of [...details, ...conflicts]) errors.push(rowError(columnName(shape.names, d.path), d));
  if (errors.length) return { line, cells, errors };
  checker.accept(parsed.data, line);
  return { line, cells, errors, input: parsed.data };
}

export async function previewImport(db: Db, ctx: StaffContext, file: { csv: string; lang: CsvLanguage }) {
  const checked: CheckedRow[] = [];
  const { columns, ignored } = await checkFile(db, ctx, file, false, (row) => checked.push(row));
  const valuesOf = (cells: string[]) =>
    Object.fromEntries(columns.flatMap((c, i) => (c ? [[c, cells[i] ?? '']] : []))) as Record<string, string>;
  const errorCount = checked.filter((r) => r.errors.length).length;
  return {
    rows: checked.map(({ line, cells, errors }) => ({ line, values: valuesOf(cells), errors })),
    validCount: checked.length - errorCount,
    errorCount,
    ignoredColumns: ignored,
  };
}

/**
 * The stored columns of the accepted rows, one array per column, filled as each row passes: the
 * INSERT sends each column as one array parameter (unnest), so no object per row stays alive
 * until the end, and no statement of thousands of parameters is written. Before (issue 36) each
 * row's record, values, checked input and insert values lived until the end, and drizzle's
 * INSERT of 200 rows with its audit rows allocated ~60 KB per row; the young generation's
 * scavenges copied ~2 MB of that per pause while other requests waited.
 */
const storedColumns = [
  'name',
  'email',
  'mobile',
  'status',
  'inactiveReason',
  'addedToBiometricMachine',
  'biometricMachineId',
  'nextDayExit',
  'entryTime',
  'exitTime',
  'validFrom',
  'validTill',
  'roomId',
  'seatNumber',
  'packageId',
  'feeStructureId',
  'address',
  'notes',
  'joinedOn',
  'language',
] as const satisfies (keyof typeof users.$inferInsert)[];
type StoredColumn = (typeof storedColumns)[number];
type StoredValue = string | number | boolean | null;

/** `language`: a row's that names none, the organisation's (issue 48). */
function acceptedColumns(today: string, language: Language) {
  const columns = Object.fromEntries(storedColumns.map((c) => [c, [] as StoredValue[]])) as Record<
    StoredColumn,
    StoredValue[]
  >;
  let count = 0;
  return {
    columns,
    get count() {
      return count;
    },
    push(input: ParsedUserInput) {
      const { status, inactiveReason } = startingStatus(input, today);
      for (const c of storedColumns) {
        if (c === 'status') columns.status.push(status);
        else if (c === 'inactiveReason') columns.inactiveReason.push(inactiveReason);
        else if (c === 'joinedOn') columns.joinedOn.push(input.joinedOn ?? input.validFrom);
        else if (c === 'language') columns.language.push(input.language ?? language);
        else columns[c].push(input[c]);
      }
      count += 1;
    },
  };
}

// Rows per INSERT. Its parameters are one array per column whatever the number of rows, so a
// batch costs this process little (the driver writes each array as one text); PostgreSQL's work per
// row (triggers, indexes) runs in its own process meanwhile.
const insertBatch = 1000;

/** One INSERT of rows [from, to) of the accepted columns, with an audit row each, in one statement. */
function insertStatement(
  ctx: StaffContext,
  columns: Record<StoredColumn, StoredValue[]>,
  from: number,
  to: number,
) {
  const names = sql.raw(storedColumns.map((c) => users[c].name).join(', '));
  const arrays = sql.join(
    storedColumns.map(
      (c) => sql`${sql.param(columns[c].slice(from, to))}::${sql.raw(users[c].getSQLType())}[]`,
    ),
    sql`, `,
  );
  return sql`
    with written as (
      insert into users (client_id, branch_id, ${names})
      select ${ctx.clientId}, ${ctx.branchId}, r.* from unnest(${arrays}) as r(${names})
      returning *)
    insert into audit_log (client_id, branch_id, staff_id, request_id, entity, entity_id, action, before, after)
    select ${ctx.clientId}, ${ctx.branchId}, ${ctx.staffId}, ${ctx.requestId ?? null}, 'user', w.id::text,
           'import', null, ${memberJsonSql('w')}
      from written w`;
}

/** Inserts every valid row in one transaction (all or none of them); rows with errors are reported. */
export async function importUsers(db: Db, ctx: StaffContext, file: { csv: string; lang: CsvLanguage }) {
  try {
    return await db.transaction(async (tx) => {
      const accepted = acceptedColumns(
        await branchToday(tx, ctx.branchId!),
        await organisationLanguage(tx, ctx.clientId),
      );
      const failed: { line: number; errors: RowError[] }[] = [];
      await checkFile(tx, ctx, file, true, ({ line, errors, input }) => {
        if (input) accepted.push(input);
        else failed.push({ line, errors });
      });
      for (let from = 0; from < accepted.count; from += insertBatch) {
        const to = Math.min(from + insertBatch, accepted.count);
        await tx.execute(insertStatement(ctx, accepted.columns, from, to));
      }
      return { imported: accepted.count, skipped: failed.length, errors: failed };
    });
  } catch (err) {
    if (pgErrorCode(err).code === '23505') {
      throw conflict(said('IMPORT_MOBILE_ADDED_MEANWHILE'));
    }
    throw err;
  }
}
