import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatementImportResult, StatementMapping } from '@app/contract/bankStatement';
import { ApiError } from '../../../lib/api';
import { errorMessage, saidInLanguage } from '../../../lib/errorMessage';
import { fullScreenQuery } from '../../../lib/form/FormDialog';
import {
  askedHeadings,
  importStatement,
  maxStatementBytes,
  readStatementFile,
  type StatementFile,
} from './statementApi';

const roles = ['date', 'narration', 'reference', 'debit', 'credit', 'balance'] as const;
type Role = (typeof roles)[number];
const required: readonly Role[] = ['date', 'narration'];

/** A first guess of which heading is which, for the mapping step; staff correct it. */
export function guessMapping(headings: string[]): Record<Role, string> {
  const words: Record<Role, RegExp> = {
    date: /date|dt\b|posted/i,
    narration: /narration|description|particular|remark|detail/i,
    reference: /ref|chq|cheque|utr/i,
    debit: /debit|withdraw|\bdr\b|out/i,
    credit: /credit|deposit|\bcr\b|\bin\b/i,
    balance: /balance|\bbal\b|running/i,
  };
  const taken = new Set<string>();
  const guess = {} as Record<Role, string>;
  for (const role of roles) {
    const found = headings.find((h) => !taken.has(h) && words[role].test(h)) ?? '';
    if (found) taken.add(found);
    guess[role] = found;
  }
  return guess;
}

function problemText(error: unknown): string {
  const details = error instanceof ApiError ? (error.details ?? []).map(saidInLanguage) : [];
  return [errorMessage(error), ...details].join(' ');
}

/**
 * Upload an account's statement (CSV or XLSX as the bank exports it): the server matches its
 * credits to members' UPI claims and recorded payments and says what it did. A file whose headings
 * no known bank uses asks once which column is which; the account remembers the answer.
 */
export function ImportStatementDialog({
  bankAccountId,
  accountName,
  onClose,
}: {
  bankAccountId: number;
  accountName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const fullScreen = useMediaQuery(fullScreenQuery);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<StatementFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [headings, setHeadings] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Record<Role, string> | null>(null);

  const upload = useMutation({
    mutationFn: (args: { file: StatementFile; mapping?: StatementMapping }) =>
      importStatement(bankAccountId, args.file, args.mapping),
    meta: { handlesError: true },
    onSuccess: () => {
      setHeadings(null);
      void queryClient.invalidateQueries({ queryKey: ['bankStatement'] });
      void queryClient.invalidateQueries({ queryKey: ['statement'] });
      void queryClient.invalidateQueries({ queryKey: ['payment'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
    onError: (error) => {
      const asked = askedHeadings(error);
      if (asked) {
        setHeadings(asked);
        setMapping(guessMapping(asked));
      }
    },
  });
  const busy = upload.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen === undefined) return;
    setFile(null);
    setHeadings(null);
    upload.reset();
    if (chosen.size > maxStatementBytes) {
      setFileProblem(t('bankStatement.tooLarge', { name: chosen.name }));
      return;
    }
    try {
      const read = await readStatementFile(chosen);
      if (read === 'wrongType') {
        setFileProblem(t('bankStatement.wrongType', { name: chosen.name }));
        return;
      }
      setFileProblem(null);
      setFile(read);
      upload.mutate({ file: read });
    } catch {
      setFileProblem(t('bankStatement.readFailed'));
    }
  };

  const mappingComplete =
    mapping !== null &&
    required.every((r) => mapping[r] !== '') &&
    (mapping.debit !== '' || mapping.credit !== '');
  const sendMapping = () => {
    if (file && mapping && mappingComplete) upload.mutate({ file, mapping });
  };
  const result: StatementImportResult | undefined = upload.data;
  const failed = upload.isError && headings === null;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{t('bankStatement.importTitle', { name: accountName })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('bankStatement.intro')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              onChange={(event) => void choose(event)}
              data-testid="statement-file"
            />
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              {t('bankStatement.chooseFile')}
            </Button>
            {file && <Typography variant="body2">{file.name}</Typography>}
            {busy && <CircularProgress size={20} aria-label={t('bankStatement.reading')} />}
          </Box>
          {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
          {failed && <Alert severity="error">{problemText(upload.error)}</Alert>}
          {headings && mapping && (
            <Stack spacing={1.5} data-testid="statement-mapping">
              <Alert severity="info">{t('bankStatement.mappingIntro')}</Alert>
              {roles.map((role) => (
                <TextField
                  key={role}
                  select
                  size="small"
                  label={t(`bankStatement.roles.${role}`)}
                  required={required.includes(role)}
                  value={mapping[role]}
                  onChange={(event) => setMapping({ ...mapping, [role]: event.target.value })}
                >
                  <MenuItem value="">
                    <em>{t('bankStatement.noColumn')}</em>
                  </MenuItem>
                  {headings.map((h) => (
                    <MenuItem key={h} value={h}>
                      {h}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
              {!mappingComplete && (
                <Typography variant="body2" color="text.secondary">
                  {t('bankStatement.mappingNeeds')}
                </Typography>
              )}
            </Stack>
          )}
          {result && (
            <Alert severity={result.unmatched > 0 ? 'warning' : 'success'} data-testid="statement-result">
              <Typography variant="body2">
                {t('bankStatement.result.read', { read: result.read, added: result.added })}
              </Typography>
              {result.alreadyImported > 0 && (
                <Typography variant="body2">
                  {t('bankStatement.result.already', { count: result.alreadyImported })}
                </Typography>
              )}
              <Typography variant="body2">
                {t('bankStatement.result.claims', { count: result.claimsConfirmed })}
              </Typography>
              <Typography variant="body2">
                {t('bankStatement.result.reconciled', { count: result.reconciled })}
              </Typography>
              <Typography variant="body2">
                {t('bankStatement.result.unmatched', { count: result.unmatched })}
              </Typography>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? t('bankStatement.close') : t('bankStatement.cancel')}
        </Button>
        {headings && (
          <Button variant="contained" onClick={sendMapping} disabled={busy || !mappingComplete}>
            {t('bankStatement.importMapped')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
