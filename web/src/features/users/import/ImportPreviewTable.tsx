import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { importPreviewSchema } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { displayMessage } from '../../../lib/form/messages';
import { saidInLanguage } from '../../../lib/errorMessage';
import { isolateLtr } from '../../../lib/bidi';
import { formatDate } from '../../../lib/dates';

export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** A file may hold thousands of rows; the table shows this many. */
export const shownRows = 200;

/** The rows in file order; when they do not all fit, the rows with errors come first. */
export function previewRows(preview: ImportPreview) {
  if (preview.rows.length <= shownRows) return preview.rows;
  const withErrors = preview.rows.filter((r) => r.errors.length > 0);
  const valid = preview.rows.filter((r) => r.errors.length === 0);
  return [...withErrors, ...valid].slice(0, shownRows);
}

export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const rows = previewRows(preview);
  return (
    <>
      <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table
          size="small"
          stickyHeader
          aria-label={t('memberImport.previewTable')}
          sx={{ '& td': { verticalAlign: 'top' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}>{t('memberImport.line')}</TableCell>
              <TableCell>{t('memberImport.name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('memberImport.mobile')}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('memberImport.validity')}
              </TableCell>
              <TableCell>{t('memberImport.problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const bad = row.errors.length > 0;
              return (
                <TableRow key={row.line} sx={bad ? { bgcolor: 'action.hover' } : undefined}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.values.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {row.values.mobile}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {/* In the organisation's date format, as every date on screen; isolated, or a
                        right-to-left page draws the range backwards (issue 41, point 8). */}
                    {isolateLtr(`${formatDate(row.values.validFrom)} – ${formatDate(row.values.validTill)}`)}
                  </TableCell>
                  <TableCell>
                    {bad ? (
                      <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                        {row.errors.map((e) => (
                          <li key={`${e.field}-${e.message}`}>
                            <Box component="span" sx={{ fontWeight: 600 }}>
                              {e.field}
                            </Box>
                            : {e.code === undefined ? displayMessage(e.message) : saidInLanguage(e)}
                          </li>
                        ))}
                      </Box>
                    ) : (
                      <Typography variant="body2" color="success.main">
                        {t('memberImport.ok')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {preview.rows.length > rows.length && (
        <Typography variant="body2" color="text.secondary">
          {t('memberImport.shownOf', { shown: rows.length, total: preview.rows.length })}
        </Typography>
      )}
    </>
  );
}
