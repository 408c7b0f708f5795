import type { ZodError } from 'zod';
import type { FieldError } from '@app/contract/errors';
import type { ErrorCode } from '@app/contract/errorCodes';
import { csvLine } from '../../platform/csv.ts';
import { importColumns, userInputSchema, type ParsedUserInput } from '@app/contract/users';
import { auditLog, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
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
import { branchToday, MemberChecker, startingStatus, toUser } from './members.ts';

type Column = (typeof importColumns)[number];
type RowError = { field: string; message: string; code?: string; params?: FieldError['params'] };

/** A row problem said with a code (contract errorCodes), so the preview reads in the user's language. */
const rowError = (field: string, { path: _path, ...said }: FieldError): RowError => ({ ...said, field });
type CheckedRow = {
  line: number;
  values: Record<string, string>;
  errors: RowError[];
  input?: ParsedUserInput;
};

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

export function importTemplate(): string {
  const example: Record<Column, string> = {
    name: 'Asha Rao',
    mobile: '9876543210',
    email: 'asha.rao@example.com',
    validFrom: '2025-01-01',
    validTill: '2025-01-31',
    entryTime: '08:00:00',
    exitTime: '14:00:00',
    nextDayExit: 'false',
    room: 'Reading Room 1',
    seatNumber: '12',
    package: '',
    feeStructure: '',
    addedToBiometricMachine: 'false',
    biometricMachineId: '',
    address: '12 MG Road, Bengaluru',
    notes: '',
    joinedOn: '2025-01-01',
  };
  return csvLine([...importColumns]) + csvLine(importColumns.map((c) => example[c]));
}

function headerColumns(header: string[]): Column[] {
  const known = new Map<string, Column>(importColumns.map((c) => [c.toLowerCase(), c]));
  const unknown: string[] = [];
  const columns = header.map((h) => {
    const key = h.trim().toLowerCase();
    const column = known.get(key) ?? aliases[key];
    if (!column) unknown.push(h.trim() || '(empty)');
    return column!;
  });
  // One detail per kind of problem, each with its code, so the web says them in the user's language.
  const problems: CodedFieldError[] = [];
  const listed = (names: string[]) => ({ columns: names.join(', ') });
  if (unknown.length) problems.push(fieldError('body.csv', 'IMPORT_UNKNOWN_COLUMNS', listed(unknown)));
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length) problems.push(fieldError('body.csv', 'IMPORT_MISSING_COLUMNS', listed(missing)));
  const dup = columns.filter((c, i) => c && columns.indexOf(c) !== i);
  if (dup.length) problems.push(fieldError('body.csv', 'IMPORT_REPEATED_COLUMNS', listed([...new Set(dup)])));
  if (problems.length) throw validationFailed(problems, said('IMPORT_HEADER_INVALID'));
  return columns;
}

/**
 * A large file is read and checked in slices, with a turn of the event loop between two slices, so
 * another organisation's requests (and /api/health) wait for one slice, not for the whole file
 * (issue 36). Each slice is a few milliseconds of work.
 */
const rowsPerSlice = 200;
const nextTurn = () => setImmediate();

async function readRecords(csv: string): Promise<{ columns: Column[]; rows: CsvRecord[] }> {
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
  return { columns: headerColumns(header.cells), rows };
}

const booleanWords: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  '1': true,
  false: false,
  no: false,
  n: false,
  '0': false,
};

/** Turns one row's text into a candidate API body; problems the text alone shows go to `errors`. */
function candidate(values: Record<string, string>, checker: MemberChecker, errors: RowError[]) {
  const text = (c: Column) => values[c]?.trim() ?? '';
  const bool = (c: Column) => {
    const v = text(c).toLowerCase();
    if (v === '') return false;
    if (v in booleanWords) return booleanWords[v];
    errors.push(rowError(c, fieldError(c, 'IMPORT_USE_BOOLEAN')));
    return false;
  };
  const int = (c: Column) => {
    const v = text(c);
    if (v === '') return null;
    if (!/^\d+$/.test(v)) {
      errors.push(rowError(c, fieldError(c, 'IMPORT_USE_WHOLE_NUMBER')));
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
      errors.push(rowError(c, fieldError(c, unknownCode)));
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
  };
}

// Coded like a request's field problems (zod's own words as `zod.<issue>`), so the preview words them.
const zodErrors = (err: ZodError): RowError[] =>
  err.issues.map((i) => {
    const field = String(i.path[0] ?? 'row');
    return rowError(columnOf[field] ?? field, schemaDetail('', i.code, i.message, { ...i }));
  });

/** Every row checked against every rule, the stored members and the rows above it in the file. */
async function checkFile(db: Db | Tx, ctx: StaffContext, csv: string, lock: boolean): Promise<CheckedRow[]> {
  const { columns, rows } = await readRecords(csv);
  const valuesOf = (r: CsvRecord) =>
    Object.fromEntries(columns.map((c, i) => [c, r.cells[i] ?? ''])) as Record<string, string>;
  const mobileAt = columns.indexOf('mobile');
  const mobiles = rows.map((r) => (r.cells[mobileAt] ?? '').replace(/[\s\-().]/g, '')).filter(Boolean);
  // Rooms are named in the file; lock and load every room of the branch (a branch has few rooms).
  const preload = await MemberChecker.load(db, ctx, { mobiles: [], roomIds: [], lock: false });
  const checker = await MemberChecker.load(db, ctx, { mobiles, roomIds: [...preload.rooms.keys()], lock });
  const checked: CheckedRow[] = [];
  for (let at = 0; at < rows.length; at += rowsPerSlice) {
    if (at > 0) await nextTurn();
    // In file order: a row is checked against the rows above it (checker.accept).
    for (const r of rows.slice(at, at + rowsPerSlice)) checked.push(checkRow(r.line, valuesOf(r), checker));
  }
  return checked;
}

/** One row against every rule, the stored members and the rows accepted above it. */
function checkRow(line: number, values: Record<string, string>, checker: MemberChecker): CheckedRow {
  const errors: RowError[] = [];
  const body = candidate(values, checker, errors);
  const parsed = userInputSchema.safeParse(body);
  if (!parsed.success) {
    // A column already reported (an unknown room) is not reported again by the schema.
    const seen = new Set(errors.map((e) => e.field));
    errors.push(...zodErrors(parsed.error).filter((e) => !seen.has(e.field)));
  }
  if (errors.length || !parsed.success) return { line, values, errors };
  const { details, conflicts } = checker.check(parsed.data);
  for (const d of [...details, ...conflicts]) errors.push(rowError(columnOf[d.path] ?? d.path, d));
  if (errors.length) return { line, values, errors };
  checker.accept(parsed.data, line);
  return { line, values, errors, input: parsed.data };
}

export async function previewImport(db: Db, ctx: StaffContext, csv: string) {
  const rows = await checkFile(db, ctx, csv, false);
  const errorCount = rows.filter((r) => r.errors.length).length;
  return {
    rows: rows.map(({ line, values, errors }) => ({ line, values, errors })),
    validCount: rows.length - errorCount,
    errorCount,
  };
}

// Rows per INSERT: writing the statement of 500 rows (~10,000 parameters) took drizzle 40-100 ms
// while nothing else ran; 200 keeps each under the import's other slices (issue 36).
const insertBatch = 200;

/** Inserts every valid row in one transaction (all or none of them); rows with errors are reported. */
export async function importUsers(db: Db, ctx: StaffContext, csv: string) {
  try {
    return await db.transaction(async (tx) => {
      const rows = await checkFile(tx, ctx, csv, true);
      const valid = rows.filter((r) => r.input);
      const today = await branchToday(tx, ctx.branchId!);
      for (let i = 0; i < valid.length; i += insertBatch) {
        const batch = valid.slice(i, i + insertBatch);
        const inserted = await tx
          .insert(users)
          .values(
            batch.map((r) => ({
              ...r.input!,
              joinedOn: r.input!.joinedOn ?? r.input!.validFrom,
              ...startingStatus(r.input!, today),
              clientId: ctx.clientId,
              branchId: ctx.branchId!,
            })),
          )
          .returning();
        await tx.insert(auditLog).values(
          inserted.map((row) => ({
            clientId: ctx.clientId,
            branchId: ctx.branchId,
            staffId: ctx.staffId,
            requestId: ctx.requestId,
            entity: 'user',
            entityId: String(row.id),
            action: 'import',
            before: null,
            after: toUser(row),
          })),
        );
      }
      const failed = rows.filter((r) => !r.input);
      return {
        imported: valid.length,
        skipped: failed.length,
        errors: failed.map((r) => ({ line: r.line, errors: r.errors })),
      };
    });
  } catch (err) {
    if (pgErrorCode(err).code === '23505') {
      throw conflict(said('IMPORT_MOBILE_ADDED_MEANWHILE'));
    }
    throw err;
  }
}
