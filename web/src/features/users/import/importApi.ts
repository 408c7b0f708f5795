import type { z } from 'zod';
import type { importResultSchema } from '@app/contract/users';
import { getBlob, post } from '../../../lib/api';
import { exportLanguageHeaders, filenameFromDisposition, saveBlob } from '../../../lib/table/exportCsv';
import type { ImportPreview } from './ImportPreviewTable';

export type ImportResult = z.output<typeof importResultSchema>;

/**
 * The file in the screen's language: the server names the columns a problem is about as the members
 * export does, in this language when the file does not use the export's headings itself.
 */
export const previewImport = (csv: string) =>
  post<ImportPreview>('/user/previewImport', { csv }, { headers: exportLanguageHeaders() });

/** Inserts the valid rows in one transaction; the rows with errors come back as skipped. */
export const importUsers = (csv: string) =>
  post<ImportResult>('/user/importUsers', { csv }, { headers: exportLanguageHeaders() });

/** Downloads the template through the api client (so it carries the session and branch headers). */
export async function downloadImportTemplate(): Promise<void> {
  const { blob, disposition } = await getBlob('/user/importTemplate', { headers: exportLanguageHeaders() });
  saveBlob(blob, filenameFromDisposition(disposition, 'members-template.csv'));
}
