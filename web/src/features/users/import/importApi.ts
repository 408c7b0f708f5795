import type { z } from 'zod';
import type { importResultSchema } from '@app/contract/users';
import { getBlob, post } from '../../../lib/api';
import { filenameFromDisposition, saveBlob } from '../../../lib/table/exportCsv';
import type { ImportPreview } from './ImportPreviewTable';

export type ImportResult = z.output<typeof importResultSchema>;

export const previewImport = (csv: string) => post<ImportPreview>('/user/previewImport', { csv });

/** Inserts the valid rows in one transaction; the rows with errors come back as skipped. */
export const importUsers = (csv: string) => post<ImportResult>('/user/importUsers', { csv });

/** Downloads the template through the api client (so it carries the session and branch headers). */
export async function downloadImportTemplate(): Promise<void> {
  const { blob, disposition } = await getBlob('/user/importTemplate');
  saveBlob(blob, filenameFromDisposition(disposition, 'members-template.csv'));
}
