import { useCallback, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Dashboard } from '@app/contract/dashboard';
import type { ModuleName } from '@app/contract/modules';
import { get, startWithArrived } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { useOrgMoney } from '../../lib/form/money';
import { PageHeader } from '../../lib/PageHeader';
import { hasPermission, readActiveBranch } from '../../lib/session';
import { isolateLtr } from '../../lib/bidi';
import { displayLocale, formatDate } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';
import { BackupStatus } from './BackupStatus';
import { ServerWarnings } from './ServerWarnings';
import { UpiToConfirm } from '../portal/UpiToConfirm';

/** Change from last month in whole percent; null when last month had nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** A counter card; it leads to the list behind it when the staff member may open that list. */
function Stat(props: {
  label: string;
  value: number;
  money?: boolean;
  to?: string;
  module?: ModuleName;
  detail?: ReactNode;
  testId: string;
}) {
  const { format } = useOrgMoney();
  const { i18n } = useTranslation();
  const locale = displayLocale(i18n.resolvedLanguage);
  const count = useCallback((n: number) => formatCount(n, locale), [locale]);
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        data-testid={props.testId}
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {/* Figures are shown as they are, never counted up: a glance or a screenshot mid-way read
            numbers that were never true, and every load started below them (issue 41, point 8). */}
        {props.money ? format(props.value) : count(props.value)}
      </Typography>
      {props.detail && (
        <Typography variant="body2" color="text.secondary" component="div">
          {props.detail}
        </Typography>
      )}
    </CardContent>
  );
  const linked =
    props.to !== undefined && (props.module === undefined || hasPermission(props.module, 'view'));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {linked ? (
        <CardActionArea component={RouterLink} to={props.to!} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** The figures' request, also made by the route's loader (router.tsx) while this page loads. */
const dashboardPath = '/dashboard/getDashboard';

/** The branch dashboard (/app, /app/dashboard): what an owner reads first every morning. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useQuery({
    queryKey: ['dashboard', readActiveBranch()?.id ?? null],
    queryFn: ({ signal }) => get<Dashboard>(dashboardPath, { signal }),
    // The route's loader asked with the page's code (router.tsx): an answer already here is drawn
    // at once, without the placeholders first.
    ...startWithArrived<Dashboard>(dashboardPath, {}),
    meta: { handlesError: true },
  });
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <BackupStatus />
      <ServerWarnings />
      <UpiToConfirm />
      {dashboard.isError && <Alert severity="error">{errorMessage(dashboard.error)}</Alert>}
      {dashboard.data ? <Figures d={dashboard.data} /> : !dashboard.isError && <FiguresLoading />}
    </>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', mb: 2 };

function FiguresLoading() {
  return (
    <Box sx={grid} aria-busy>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={116} />
      ))}
    </Box>
  );
}

function Figures({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  return (
    <>
      <Box sx={grid}>
        <Stat
          label={t('dashboard.active')}
          value={d.members.active}
          to="/app/usersV2"
          module="users"
          testId="stat-active"
        />
        <Stat
          label={t('dashboard.expiring')}
          value={d.members.expiringIn7Days}
          to="/app/usersV2?expiringWithinDays=7"
          module="users"
          testId="stat-expiring"
        />
        <Stat
          label={t('dashboard.lapsed')}
          value={d.members.expiredThisWeek}
          to="/app/inactive_users?reason=expired"
          module="inactiveUsers"
          testId="stat-lapsed"
        />
        {d.collections && <MoneyFigures d={d} collections={d.collections} />}
        <Stat
          label={t('dashboard.enquiries')}
          value={d.enquiriesDueToday}
          to="/app/enquiries?followUp=today"
          module="enquiries"
          testId="stat-enquiries"
        />
        <Stat
          label={t('dashboard.insideNow')}
          value={d.insideNow}
          to="/app/attendance?inside=true"
          module="attendance"
          testId="stat-inside"
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: `repeat(${d.latestPayments ? 3 : 2}, 1fr)` },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {t('dashboard.occupancy')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('dashboard.seats', { count: d.occupancy.capacity })}
          </Typography>
          {d.occupancy.shifts.map((s) => {
            const share = d.occupancy.capacity ? Math.min(100, (s.members / d.occupancy.capacity) * 100) : 0;
            return (
              <Box key={s.shift} sx={{ mb: 1.5 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  {/* 'Night (22–6)': isolated, or a right-to-left page reads '(6–22)' (lib/bidi.ts). */}
                  <Typography variant="body2">{isolateLtr(t(`dashboard.shifts.${s.shift}`))}</Typography>
                  <Typography variant="body2" data-testid={`shift-${s.shift}`}>
                    {s.members} / {d.occupancy.capacity}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={share}
                  aria-label={t('dashboard.shiftShare', {
                    shift: t(`dashboard.shifts.${s.shift}`),
                    share: Math.round(share),
                  })}
                />
              </Box>
            );
          })}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {t('dashboard.renewalsDue')}
          </Typography>
          {d.renewalsDue.length === 0 ? (
            <Typography color="text.secondary">{t('dashboard.noRenewals')}</Typography>
          ) : (
            <List dense>
              {d.renewalsDue.map((r) => (
                <ListItem key={r.userId} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/app/UserProfile/${r.userId}`} underline="hover">
                        {r.name}
                      </Link>
                    }
                    secondary={`${r.mobile} · ${t('dashboard.validTill', { date: formatDate(r.validTill) })}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        {d.latestPayments && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              {t('dashboard.latestPayments')}
            </Typography>
            {d.latestPayments.length === 0 ? (
              <Typography color="text.secondary">{t('dashboard.noPayments')}</Typography>
            ) : (
              <List dense>
                {d.latestPayments.map((p) => (
                  <ListItem
                    key={p.id}
                    disableGutters
                    secondaryAction={<Typography variant="body2">{money.format(p.received)}</Typography>}
                  >
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`/app/payments/${p.id}/receipt`} underline="hover">
                          {p.receiptNumber}
                        </Link>
                      }
                      secondary={`${p.memberName} · ${t(`payments.modes.${p.mode}`)}${p.status === 'voided' ? ` · ${t('payments.statuses.voided')}` : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        )}
      </Box>
    </>
  );
}

/** The money counters: only for staff who may view payments (the API sends null otherwise). */
function MoneyFigures({
  d,
  collections,
}: {
  d: Dashboard;
  collections: NonNullable<Dashboard['collections']>;
}) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const change = changePercent(collections.thisMonth, collections.lastMonth);
  return (
    <>
      <Stat
        label={t('dashboard.dues')}
        value={d.members.dues ?? 0}
        money
        to="/app/payments?view=dues"
        module="payments"
        detail={t('dashboard.owing', { count: d.members.owing ?? 0 })}
        testId="stat-dues"
      />
      <Stat
        label={t('dashboard.today')}
        value={collections.today}
        money
        to={`/app/payments?from=${d.today}&to=${d.today}`}
        module="payments"
        detail={
          collections.todayByMode.length
            ? collections.todayByMode
                .map((m) => `${t(`payments.modes.${m.mode}`)} ${money.format(m.amount)}`)
                .join(' · ')
            : t('dashboard.nothingToday')
        }
        testId="stat-today"
      />
      <Stat
        label={t('dashboard.thisMonth')}
        value={collections.thisMonth}
        money
        to="/app/branche-payments"
        module="branchPayments"
        detail={
          change === null
            ? t('dashboard.lastMonth', { amount: money.format(collections.lastMonth) })
            : t('dashboard.vsLastMonth', {
                change: `${change > 0 ? '+' : ''}${change}`,
                amount: money.format(collections.lastMonth),
              })
        }
        testId="stat-month"
      />
      {/* Only what the staff member may read elsewhere: the API leaves out (null) expenses or
          refunds without their view permission, and the net without both (issue 34). */}
      {d.expensesThisMonth !== null && (
        <Stat
          label={t('dashboard.expenses')}
          value={d.expensesThisMonth}
          money
          to="/app/expenses"
          module="expenses"
          detail={
            d.refundsThisMonth === null
              ? undefined
              : t('dashboard.refunds', { amount: money.format(d.refundsThisMonth) })
          }
          testId="stat-expenses"
        />
      )}
      {d.netThisMonth !== null && (
        <Stat label={t('dashboard.net')} value={d.netThisMonth} money testId="stat-net" />
      )}
    </>
  );
}
