import { DateField } from '../../lib/form/DateField';
import { useState } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CashBook as Book } from '@app/contract/books';
import { get } from '../../lib/api';
import { addDays, orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { useOrgMoney } from '../../lib/form/money';
import { hasPermission, readActiveBranch } from '../../lib/session';
import { formatDate, formatDateTime } from '../../lib/dates';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { differenceTone } from './differenceTone';

// The close-day form (zod, react-hook-form) is downloaded when it first opens, not with the tab.
const CloseDayDialog = lazyPart(() => import('./CloseDayDialog'), 'CloseDayDialog');
const ReopenDayDialog = lazyPart(() => import('./ReopenDayDialog'), 'ReopenDayDialog');

/**
 * The cash book of the branch for a day (the Payments screen's Cash book tab): what the drawer
 * opened with, took in and paid out, what it should hold, and the count at closing time.
 */
export function CashBook() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const today = orgToday();
  const [day, setDay] = useState(today);
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState(false);
  const book = useQuery({
    queryKey: ['cashBook', readActiveBranch()?.id ?? null, day],
    queryFn: ({ signal }) => get<Book>('/cashBook/getCashBook', { query: { day }, signal }),
    meta: { handlesError: true },
  });
  const b = book.data;
  const line = (label: string, value: number | undefined, sign = '', strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
        {value === undefined ? <Skeleton width={80} /> : `${sign}${money.format(value)}`}
      </Typography>
    </Box>
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label={t('cashBook.previousDay')} onClick={() => setDay(addDays(day, -1))}>
          <ChevronLeft />
        </IconButton>
        <DateField
          size="small"
          label={t('cashBook.day')}
          value={day}
          max={today}
          onChange={(date) => date !== null && setDay(date)}
          sx={{ width: 170 }}
        />
        <IconButton
          aria-label={t('cashBook.nextDay')}
          disabled={day >= today}
          onClick={() => setDay(addDays(day, 1))}
        >
          <ChevronRight />
        </IconButton>
        {day !== today && (
          <Button size="small" onClick={() => setDay(today)}>
            {t('cashBook.today')}
          </Button>
        )}
      </Box>
      {book.isError && <Alert severity="error">{errorMessage(book.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="cash-book">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('cashBook.titleOf', { day: formatDate(day) })}
        </Typography>
        {line(t('cashBook.opening'), b?.opening)}
        {line(t('cashBook.cashIn'), b?.cashIn, '+ ')}
        {line(t('cashBook.refunds'), b?.cashRefunds, '− ')}
        {line(t('cashBook.expenses'), b?.cashExpenses, '− ')}
        {line(t('cashBook.deposits'), b?.deposits, '− ')}
        {line(t('cashBook.transfersIn'), b?.transfersIn, '+ ')}
        <Divider sx={{ my: 1 }} />
        {line(t('cashBook.expected'), b?.expected, '', true)}
        {b?.close && <ClosedDay book={b} onReopen={() => setReopening(true)} />}
      </Paper>
      {b && (b.collectionsByMode.length > 0 || b.cashByStaff.length > 0) && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {t('cashBook.byMode')}
            </Typography>
            {b.collectionsByMode.map((m) => line(`${t(`payments.modes.${m.mode}`)} (${m.count})`, m.amount))}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {t('cashBook.byStaff')}
            </Typography>
            {b.cashByStaff.map((s) => (
              <Box key={s.staffId}>{line(s.name || `#${s.staffId}`, s.amount)}</Box>
            ))}
          </Paper>
        </Box>
      )}
      {b && !b.close && (
        <Box>
          {b.lockedThrough !== null && b.lockedThrough >= day ? (
            <Alert severity="info">{t('cashBook.locked', { day: formatDate(b.lockedThrough) })}</Alert>
          ) : (
            // Closing writes a difference off: payments edit, as the API asks (issue 34).
            hasPermission('payments', 'edit') && (
              <Button
                variant="contained"
                size="large"
                startIcon={<LockOutlined />}
                onClick={() => setClosing(true)}
              >
                {t('cashBook.close')}
              </Button>
            )
          )}
          {b.lockedThrough !== null && b.lockedThrough < day && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('cashBook.lockedThrough', { day: formatDate(b.lockedThrough) })}
            </Typography>
          )}
        </Box>
      )}
      {b && (
        <OpenedOnce open={closing}>
          <CloseDayDialog open={closing} book={b} onClose={() => setClosing(false)} />
        </OpenedOnce>
      )}
      {b?.close && (
        <OpenedOnce open={reopening}>
          <ReopenDayDialog open={reopening} book={b} onClose={() => setReopening(false)} />
        </OpenedOnce>
      )}
    </Stack>
  );
}

/** A closed day's count; the latest closed day may be reopened with payments delete (issue 34). */
function ClosedDay({ book, onReopen }: { book: Book; onReopen: () => void }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const c = book.close!;
  return (
    <Box sx={{ mt: 2 }} data-testid="day-closed">
      <Alert severity="success" icon={<LockOutlined />}>
        {t('cashBook.closedBy', {
          name: c.closedByName ?? '—',
          at: formatDateTime(c.closedAt),
        })}
      </Alert>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
        <Typography>{t('cashBook.counted')}</Typography>
        <Typography>{money.format(c.counted)}</Typography>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography>{t('cashBook.difference')}</Typography>
        <Typography sx={{ color: differenceTone(c.difference), fontWeight: 700 }}>
          {money.format(c.difference)}
        </Typography>
      </Box>
      {c.note && <Typography color="text.secondary">{t('cashBook.reasonIs', { reason: c.note })}</Typography>}
      {book.lockedThrough === book.day && hasPermission('payments', 'delete') && (
        <Button sx={{ mt: 1 }} variant="outlined" startIcon={<LockOpenOutlined />} onClick={onReopen}>
          {t('cashBook.reopen')}
        </Button>
      )}
    </Box>
  );
}
