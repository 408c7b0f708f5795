import type {
  StatementImportBody,
  StatementImportResult,
  StatementLine,
  StatementMapping,
  StatementPaymentInput,
} from '@app/contract/bankStatement';
import type { Payment } from '@app/contract/payments';
import { ApiError, post, put } from '../../../lib/api';
import { defineResource } from '../../../lib/table/resource';

/** 2 MB, as the server takes (contract/bankStatement maxStatementChars), checked before reading. */
export const maxStatementBytes = 2_000_000;

export type StatementFile = { name: string; body: Omit<StatementImportBody, 'mapping'> };

/** A .csv file as text, an .xlsx file as base64 (the server reads its first sheet). */
export async function readStatementFile(file: File): Promise<StatementFile | 'wrongType'> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return { name: file.name, body: { csv: await file.text() } };
  if (!name.endsWith('.xlsx')) return 'wrongType';
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return { name: file.name, body: { xlsxBase64: btoa(binary) } };
}

export function importStatement(
  bankAccountId: number,
  file: StatementFile,
  mapping?: StatementMapping,
): Promise<StatementImportResult> {
  return post<StatementImportResult>(
    '/bankStatement/importStatement',
    {
      ...file.body,
      ...(mapping && { mapping }),
    },
    { query: { bankAccountId } },
  );
}

/** The file's headings when the server asks which column is which (422 MAPPING_REQUIRED). */
export function askedHeadings(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.reason !== 'MAPPING_REQUIRED') return null;
  return (error.details ?? []).map((d) => String(d.params?.heading ?? '')).filter((h) => h !== '');
}

export const setAsideLine = (lineId: number, reason: string) =>
  put<StatementLine>('/bankStatement/setAside', { reason }, { query: { lineId } });

export const recordLinePayment = (lineId: number, input: StatementPaymentInput) =>
  post<Payment>('/bankStatement/recordPayment', input, { query: { lineId } });

export type LineStatus = StatementLine['status'];

/** One account's lines of one status (GET /bankStatement/getLines), for the house's table. */
export const statementLineResource = (bankAccountId: number, status: LineStatus) =>
  defineResource<StatementLine>({
    name: 'bankStatement',
    label: 'Line',
    plural: 'Lines',
    module: 'bankAccounts',
    sortFields: ['day'],
    routes: { list: '/bankStatement/getLines', export: null },
    fixedQuery: { bankAccountId: String(bankAccountId), status },
  });
