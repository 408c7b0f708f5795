import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { maxImportChars } from '@app/contract/users';
import { ApiError } from '../../../lib/api';
import { errorMessage, saidInLanguage } from '../../../lib/errorMessage';
import { fullScreenQuery } from '../../../lib/form/FormDialog';
import { downloadImportTemplate, importUsers, previewImport } from './importApi';
import { ImportPreviewTable } from './ImportPreviewTable';

/** The server's sentence plus its details (a bad header names the unknown or missing columns). */
function problemText(error: unknown): string {
  const details = error instanceof ApiError ? (error.details ?? []).map(saidInLanguage) : [];
  return [errorMessage(error), ...details].join(' ');
}

interface ChosenFile {
  name: string;
  csv: string;
}

/**
 * Choose a CSV file, preview it (every row checked by the server, nothing saved), then import the
 * valid rows in one transaction. Every list of members is refreshed afterwards.
 */
export function ImportMembersDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const id = useId();
  const fullScreen = useMediaQuery(fullScreenQuery);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const preview = useMutation({ mutationFn: previewImport, meta: { handlesError: true } });
  const run = useMutation({
    mutationFn: importUsers,
    meta: { handlesError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
  const busy = preview.isPending || run.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after it was edited.
    event.target.value = '';
    if (chosen === undefined) return;
    setFile(null);
    preview.reset();
    run.reset();
    if (!chosen.name.toLowerCase().endsWith('.csv')) {
      setFileProblem(t('memberImport.notCsv', { name: chosen.name }));
      return;
    }
    // Bytes, checked before reading; the server's limit counts characters, which are never more.
    if (chosen.size > maxImportChars) {
      setFileProblem(t('memberImport.tooLarge', { name: chosen.name }));
      return;
    }
    try {
      setFile({ name: chosen.name, csv: await chosen.text() });
      setFileProblem(null);
    } catch {
      setFileProblem(t('memberImport.readFailed'));
    }
  };

  const template = () => {
    downloadImportTemplate().catch((error: unknown) =>
      enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  };

  const data = preview.data;
  const done = run.data;
  const canImport = file !== null && data !== undefined && data.validCount > 0 && !busy && done === undefined;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-title`}
      scroll="paper"
    >
      <DialogTitle id={`${id}-title`}>{t('memberImport.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('memberImport.intro')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(event) => void choose(event)}
              data-testid="import-file"
            />
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              {t('memberImport.chooseFile')}
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-live="polite">
              {file?.name ?? t('memberImport.noFile')}
            </Typography>
            <Link component="button" type="button" onClick={template} sx={{ ml: { sm: 'auto' } }}>
              {t('memberImport.template')}
            </Link>
          </Box>
          {fileProblem !== null && (
            <Alert severity="error" role="alert">
              {fileProblem}
            </Alert>
          )}
          {preview.isError && (
            <Alert severity="error" role="alert">
              {problemText(preview.error)}
            </Alert>
          )}
          {run.isError && (
            <Alert severity="error" role="alert">
              {problemText(run.error)}
            </Alert>
          )}
          {done !== undefined && (
            <Alert severity={done.skipped > 0 ? 'warning' : 'success'} role="status">
              {t('memberImport.imported', { count: done.imported })}
              {done.skipped > 0 && ` ${t('memberImport.skipped', { count: done.skipped })}`}
            </Alert>
          )}
          {data !== undefined && (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="status">
                <Chip
                  color="success"
                  variant="outlined"
                  label={t('memberImport.validCount', { count: data.validCount })}
                />
                <Chip
                  color={data.errorCount > 0 ? 'error' : 'default'}
                  variant="outlined"
                  label={t('memberImport.errorCount', { count: data.errorCount })}
                />
              </Box>
              {data.ignoredColumns.length > 0 && (
                <Typography variant="body2" color="text.secondary" data-testid="import-ignored">
                  {t('memberImport.ignored', { columns: data.ignoredColumns.join(', ') })}
                </Typography>
              )}
              {data.rows.length === 0 ? (
                <Typography color="text.secondary">{t('memberImport.noRows')}</Typography>
              ) : (
                <ImportPreviewTable preview={data} />
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {done === undefined ? t('memberImport.cancel') : t('memberImport.close')}
        </Button>
        {done === undefined && (data === undefined || preview.isPending) ? (
          <Button
            variant="contained"
            disabled={file === null || busy}
            onClick={() => file !== null && preview.mutate(file.csv)}
            startIcon={
              preview.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
          >
            {t('memberImport.preview')}
          </Button>
        ) : (
          done === undefined && (
            <Button
              variant="contained"
              disabled={!canImport}
              onClick={() => file !== null && run.mutate(file.csv)}
              startIcon={
                run.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
              }
            >
              {t('memberImport.importValid', { count: data?.validCount ?? 0 })}
            </Button>
          )
        )}
      </DialogActions>
    </Dialog>
  );
}
