import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../lib/errorMessage';
import { formatValue, historyChanges, referencedIds } from './historyDiff';
import type { ValueContext } from './historyDiff';
import { formatDateTime, orgTimeZone } from '../../lib/dates';
import { historyPageSize, useCatalogueNames, useMemberHistory } from './memberApi';
import type { HistoryEntry } from './memberApi';

const knownActions = [
  'create',
  'update',
  'deactivate',
  'reactivate',
  'expire',
  'import',
  'delete',
  'createMemberLink',
  'revokeMemberLink',
  'openingCharge',
] as const;

function actionLabel(t: TFunction, action: string): string {
  const known = (knownActions as readonly string[]).includes(action);
  return t(`memberProfile.actions.${known ? (action as (typeof knownActions)[number]) : 'other'}`);
}

/** Who made the change: a staff member, the expiry job (no staff), or someone since deleted. */
function actorText(t: TFunction, entry: HistoryEntry): string {
  if (entry.staffId === null) return t('memberProfile.bySystem');
  if (entry.staffName === null) return t('memberProfile.byFormerStaff');
  return t('memberProfile.byStaff', { name: entry.staffName });
}

function HistoryItem({ entry, ctx }: { entry: HistoryEntry; ctx: ValueContext }) {
  const { t, locale } = ctx;
  const changes = historyChanges(entry.before, entry.after);
  const at = formatDateTime(entry.at, locale);
  // A row that added the member lists what it was filled with; others show the old value too.
  const added = entry.before === null || entry.before === undefined;
  return (
    <Box
      component="li"
      sx={{ py: 1.5, listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {actionLabel(t, entry.action)}
        </Typography>
        <Typography component="span" color="text.secondary">
          {actorText(t, entry)}
        </Typography>
        <Typography
          component="time"
          dateTime={entry.at}
          variant="body2"
          color="text.secondary"
          sx={{ ml: 'auto' }}
        >
          {at}
        </Typography>
      </Box>
      {changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('memberProfile.noFieldChanges')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {changes.map((change) => (
            <Typography component="li" variant="body2" key={change.field} sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t(`memberProfile.fields.${change.field}`)}:
              </Box>{' '}
              {change.after === undefined
                ? formatValue(change.field, change.before, ctx)
                : formatValue(change.field, change.after, ctx)}
              {!added && change.after !== undefined && (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  ({t('memberProfile.changeFrom', { before: formatValue(change.field, change.before, ctx) })})
                </Box>
              )}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The member's audit rows, newest first, a page at a time. */
export function MemberHistory({ userId, locale }: { userId: number; locale: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const history = useMemberHistory(userId, page);
  const rows = history.data?.items ?? [];
  const ids = referencedIds(rows);
  const names = {
    room: useCatalogueNames('room', ids.room),
    package: useCatalogueNames('package', ids.package),
    feeStructure: useCatalogueNames('feeStructure', ids.feeStructure),
  };
  const ctx: ValueContext = { t, locale, names, timeZone: orgTimeZone() };
  const pages = Math.ceil((history.data?.total ?? 0) / historyPageSize);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="history-heading" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" id="history-heading" sx={{ mb: 1 }}>
        {t('memberProfile.history')}
      </Typography>
      {history.isFetching && <LinearProgress aria-label={t('app.loading')} sx={{ mb: 1 }} />}
      {history.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              {t('memberProfile.retry')}
            </Button>
          }
        >
          {t('memberProfile.historyFailed')} {errorMessage(history.error)}
        </Alert>
      )}
      {history.isSuccess && rows.length === 0 && (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('memberProfile.historyEmpty')}</Typography>
          <Typography color="text.secondary">{t('memberProfile.historyEmptyText')}</Typography>
        </Box>
      )}
      {rows.length > 0 && (
        <Box component="ol" sx={{ m: 0, p: 0 }} aria-label={t('memberProfile.history')}>
          {rows.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} ctx={ctx} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={page + 1}
          onChange={(_event, value) => setPage(value - 1)}
          size="small"
        />
      )}
    </Paper>
  );
}
