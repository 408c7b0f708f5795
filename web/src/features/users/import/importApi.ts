import { importPreviewSchema, importResultSchema } from '@app/contract/users';
import { getBlob, post } from '../../../lib/api';
import { filenameFromDisposition, saveBlob } from '../../../lib/table/exportCsv';

export const previewImport = (csv: string) =>
  post('/user/previewImport', { csv }, { schema: importPreviewSchema });

/** Inserts the valid rows in one transaction; the rows with errors come back as skipped. */
export const importUsers = (csv: string) =>
  post('/user/importUsers', { csv }, { schema: importResultSchema });

/** Downloads the template through the api client (so it carries the session and branch headers). */
export async function downloadImportTemplate(): Promise<void> {
  const { blob, disposition } = await getBlob('/user/importTemplate');
  saveBlob(blob, filenameFromDisposition(disposition, 'members-template.csv'));
}
