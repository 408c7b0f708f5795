import { DateField } from '../../lib/form/DateField';
import { displayLocale, formatWeekday } from '../../lib/dates';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Analytics } from '@app/contract/dashboard';
import type en from '../../locales/en.json';
import { get } from '../../lib/api';
import { orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { useOrgMoney } from '../../lib/form/money';
import { formatCount } from '../../lib/numbers';
import { PageHeader } from '../../lib/PageHeader';
import { useSessionView } from '../../lib/useSession';
import { bandLabels, labelWidth, valueAxisWidth } from './axisLayout';
import { ChartCard, type FigureRow } from './ChartCard';
import { heatShares, lastTwelveMonths, major, monthLabel } from './figures';

type Column = keyof (typeof en)['analytics']['columns'];
/** Air beside the drawing area. */
const chartMargin = { left: 8, right: 8, top: 8, bottom: 8 };
/** Horizontal bars end with a value label centred on the right edge ('2,5 Mio. ₹'): room for its half. */
const sideChartMargin = { ...chartMargin, right: 44 };
const chartSideMargins = chartMargin.left + chartMargin.right;
const weekdays = [1, 2, 3, 4, 5, 6, 0];

/** Analytics (/app/analytics): a date range and one or all branches, as charts with their figures. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { branches } = useSessionView();
  const [range, setRange] = useState(() => lastTwelveMonths(orgToday()));
  const [branchId, setBranchId] = useState<number | 'all'>('all');
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const analytics = useQuery({
    queryKey: ['analytics', range, branchId],
    queryFn: ({ signal }) =>
      get<Analytics>('/analytics/getAnalytics', {
        query: { ...range, branchId: branchId === 'all' ? undefined : branchId },
        signal,
      }),
    enabled: valid,
    placeholderData: keepPreviousData,
    meta: { handlesError: true },
  });
  return (
    <>
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        {(['from', 'to'] as const).map((key) => (
          <DateField
            key={key}
            size="small"
            label={t(`payments.${key}`)}
            value={range[key]}
            onChange={(date) => date !== null && setRange((r) => ({ ...r, [key]: date }))}
            sx={{ width: 170 }}
          />
        ))}
        <TextField
          select
          size="small"
          label={t('analytics.branch')}
          value={branchId}
          onChange={(event) => setBranchId(event.target.value === 'all' ? 'all' : Number(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">{t('analytics.allBranches')}</MenuItem>
          {branches.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!valid && <Alert severity="warning">{t('branchPayments.badRange')}</Alert>}
      {analytics.isError && <Alert severity="error">{errorMessage(analytics.error)}</Alert>}
      {analytics.data ? (
        <Charts a={analytics.data} />
      ) : (
        !analytics.isError && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={320} />
            ))}
          </Box>
        )
      )}
    </>
  );
}

function Charts({ a }: { a: Analytics }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // The charts speak the chosen palette (UI.md), not MUI X's own blue-yellow-red.
  const { primary, secondary, warning, info, success } = theme.palette;
  const colors = [primary.main, secondary.main, warning.main, info.main, success.main];
  const money = useOrgMoney();
  const digits = money.digits;
  const locale = displayLocale(i18n.language);
  const amount = (v: number | null) => (v === null ? '' : money.format(Math.round(v * 10 ** digits)));
  // Axis ticks short (₹20L, 1,5 Mio. €): full amounts are in the tooltips and the tables.
  const compact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const tick = (v: number) => compact.format(v);
  // The value axis as wide as its widest label ('1,5 Mio. ₹' was cut to '1,5 Mi…' in 64 px).
  const moneyAxis = (values: number[]) => ({
    width: valueAxisWidth(Math.min(...values), Math.max(...values), tick),
    valueFormatter: tick,
  });
  const countAxis = (values: number[]) => ({
    width: valueAxisWidth(0, Math.max(...values), (v) => formatCount(v, locale)),
    valueFormatter: (v: number) => formatCount(v, locale),
  });
  // A band axis under the bars: every label shown, turned when the bands are narrow, never cut.
  const bandAxis = (dataKey: string, labels: string[], width: number, yAxisWidth: number) => {
    const { angle, textAnchor, minGap } = bandLabels(labels, width - yAxisWidth - chartSideMargins);
    return {
      scaleType: 'band' as const,
      dataKey,
      height: 'auto' as const,
      tickLabelStyle: { angle, textAnchor },
      tickLabelMinGap: minGap,
    };
  };
  // A band axis beside horizontal bars: as wide as its longest name, at most 40 % of the chart.
  const sideBandAxis = (dataKey: string, labels: string[], width: number) => ({
    scaleType: 'band' as const,
    dataKey,
    width: Math.min(Math.max(40, ...labels.map(labelWidth)) + 12, Math.round(width * 0.4)),
  });
  const months = useMemo(
    () => a.months.map((m) => ({ ...m, label: monthLabel(m.month, locale) })),
    [a.months, locale],
  );
  const monthLabels = months.map((m) => m.label);
  const col = (key: Column): string => t(`analytics.columns.${key}`);
  // The figures tables write these as money; their CSV keeps plain numbers.
  const moneyColumns = (['collections', 'refunds', 'expenses', 'net', 'amount'] as const).map(col);
  // Amounts come only to staff who may view payments (null otherwise): their charts are left out.
  const showsMoney = a.modes !== null;
  const amountOf = (v: number | null) => major(v ?? 0, digits);
  const monthRows: FigureRow[] = months.map((m) => ({
    [col('month')]: m.label,
    [col('collections')]: amountOf(m.collections),
    [col('refunds')]: amountOf(m.refunds),
    [col('expenses')]: amountOf(m.expenses),
    [col('net')]: amountOf(m.net),
  }));
  const memberRows: FigureRow[] = months.map((m) => ({
    [col('month')]: m.label,
    [col('newMembers')]: m.newMembers,
    [col('lapsed')]: m.lapsed,
    [col('renewals')]: m.renewals,
  }));
  const modeRows: FigureRow[] = (a.modes ?? []).map((m) => ({
    [col('mode')]: t(`payments.modes.${m.mode}`),
    [col('payments')]: m.count,
    [col('amount')]: major(m.amount, digits),
  }));
  const feeRows: FigureRow[] = (a.feeTypes ?? []).map((f) => ({
    [col('feeType')]: f.name,
    [col('amount')]: major(f.amount, digits),
  }));
  const categoryRows: FigureRow[] = (a.expenseCategories ?? []).map((c) => ({
    [col('category')]: c.name,
    [col('amount')]: major(c.amount, digits),
  }));
  const funnelRows: FigureRow[] = (['created', 'contacted', 'converted', 'lost'] as const).map((stage) => ({
    [col('stage')]: t(`analytics.funnel.${stage}`),
    [col('enquiries')]: a.enquiries[stage],
  }));
  const branchRows: FigureRow[] = a.branches.map((b) => ({
    [col('branch')]: b.name,
    ...(showsMoney && {
      [col('collections')]: amountOf(b.collections),
      [col('refunds')]: amountOf(b.refunds),
      [col('expenses')]: amountOf(b.expenses),
      [col('net')]: amountOf(b.net),
    }),
    [col('activeMembers')]: b.activeMembers,
  }));
  const hourRows: FigureRow[] = a.occupancy.hours.map((members, hour) => ({
    [col('hour')]: `${String(hour).padStart(2, '0')}:00`,
    [col('members')]: members,
    [col('capacity')]: a.occupancy.capacity,
  }));
  const shares = heatShares(a.occupancy.hours, a.occupancy.capacity);
  const weekdayName = (d: number) => formatWeekday(`2026-01-${String(4 + d).padStart(2, '0')}`, locale);
  const height = 280;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {showsMoney && (
        <ChartCard
          title={t('analytics.moneyByMonth')}
          file="collections-expenses"
          money={moneyColumns}
          rows={monthRows}
          wide
        >
          {(width) => {
            const y = moneyAxis(
              months.flatMap((m) => [amountOf(m.collections), amountOf(m.expenses), amountOf(m.net)]),
            );
            return (
              <BarChart
                colors={colors}
                height={height}
                margin={chartMargin}
                dataset={months.map((m) => ({
                  label: m.label,
                  collections: amountOf(m.collections),
                  expenses: amountOf(m.expenses),
                  net: amountOf(m.net),
                }))}
                xAxis={[bandAxis('label', monthLabels, width, y.width)]}
                yAxis={[y]}
                series={[
                  { dataKey: 'collections', label: col('collections'), valueFormatter: amount },
                  { dataKey: 'expenses', label: col('expenses'), valueFormatter: amount },
                  { dataKey: 'net', label: col('net'), valueFormatter: amount },
                ]}
              />
            );
          }}
        </ChartCard>
      )}
      {showsMoney && (
        <ChartCard title={t('analytics.modes')} file="payment-modes" money={moneyColumns} rows={modeRows}>
          <PieChart
            colors={colors}
            height={height}
            series={[
              {
                innerRadius: 50,
                data: (a.modes ?? []).map((m) => ({
                  id: m.mode,
                  value: major(m.amount, digits),
                  label: t(`payments.modes.${m.mode}`),
                })),
                valueFormatter: (item) => amount(item.value),
              },
            ]}
          />
        </ChartCard>
      )}
      {showsMoney && (
        <ChartCard
          title={t('analytics.feeTypes')}
          file="revenue-by-fee-type"
          money={moneyColumns}
          rows={feeRows}
        >
          {(width) => (
            <BarChart
              colors={colors}
              height={height}
              margin={sideChartMargin}
              layout="horizontal"
              dataset={(a.feeTypes ?? []).map((f) => ({ name: f.name, amount: major(f.amount, digits) }))}
              yAxis={[
                sideBandAxis(
                  'name',
                  (a.feeTypes ?? []).map((f) => f.name),
                  width,
                ),
              ]}
              xAxis={[{ valueFormatter: tick }]}
              series={[{ dataKey: 'amount', label: col('amount'), valueFormatter: amount }]}
            />
          )}
        </ChartCard>
      )}
      <ChartCard title={t('analytics.members')} file="members-by-month" rows={memberRows} wide>
        {(width) => {
          const y = countAxis(months.flatMap((m) => [m.newMembers, m.lapsed, m.renewals]));
          return (
            <BarChart
              colors={colors}
              height={height}
              margin={chartMargin}
              dataset={months.map((m) => ({
                label: m.label,
                newMembers: m.newMembers,
                lapsed: m.lapsed,
                renewals: m.renewals,
              }))}
              xAxis={[bandAxis('label', monthLabels, width, y.width)]}
              yAxis={[y]}
              series={[
                { dataKey: 'newMembers', label: col('newMembers') },
                { dataKey: 'renewals', label: col('renewals') },
                { dataKey: 'lapsed', label: col('lapsed') },
              ]}
            />
          );
        }}
      </ChartCard>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {t('analytics.renewalRate')}
        </Typography>
        <Typography variant="h3" component="p" data-testid="renewal-rate" sx={{ my: 1 }}>
          {a.renewalRate === null ? '—' : `${Math.round(a.renewalRate * 100)} %`}
        </Typography>
        <Typography color="text.secondary">{t('analytics.renewalRateText')}</Typography>
      </Paper>
      {showsMoney && (
        <ChartCard
          title={t('analytics.categories')}
          file="expenses-by-category"
          money={moneyColumns}
          rows={categoryRows}
        >
          {(width) => (
            <BarChart
              colors={colors}
              height={height}
              margin={sideChartMargin}
              layout="horizontal"
              dataset={(a.expenseCategories ?? []).map((c) => ({
                name: c.name,
                amount: major(c.amount, digits),
              }))}
              yAxis={[
                sideBandAxis(
                  'name',
                  (a.expenseCategories ?? []).map((c) => c.name),
                  width,
                ),
              ]}
              xAxis={[{ valueFormatter: tick }]}
              series={[{ dataKey: 'amount', label: col('amount'), valueFormatter: amount }]}
            />
          )}
        </ChartCard>
      )}
      <ChartCard title={t('analytics.occupancy')} file="seat-occupancy" rows={hourRows} wide>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('analytics.occupancyText', { seats: a.occupancy.capacity })}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: '44px repeat(24, minmax(18px, 1fr))',
              gap: '2px',
              minWidth: 520,
            }}
          >
            <span />
            {shares.map((_, hour) => (
              <Typography key={hour} variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>
                {hour % 3 === 0 ? hour : ''}
              </Typography>
            ))}
            {weekdays.map((d) => (
              <Box key={d} sx={{ display: 'contents' }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {weekdayName(d)}
                </Typography>
                {shares.map((share, hour) => (
                  <Tooltip
                    key={hour}
                    title={`${String(hour).padStart(2, '0')}:00 · ${a.occupancy.hours[hour]} / ${a.occupancy.capacity}`}
                  >
                    <Box
                      sx={{
                        height: 20,
                        borderRadius: 0.5,
                        bgcolor: 'primary.main',
                        opacity: 0.08 + share * 0.92,
                      }}
                    />
                  </Tooltip>
                ))}
              </Box>
            ))}
          </Box>
        </Box>
      </ChartCard>
      <ChartCard title={t('analytics.funnelTitle')} file="enquiry-funnel" rows={funnelRows}>
        {(width) => (
          <BarChart
            colors={colors}
            height={220}
            margin={sideChartMargin}
            layout="horizontal"
            dataset={funnelRows.map((r) => ({
              stage: String(r[col('stage')]),
              count: Number(r[col('enquiries')]),
            }))}
            yAxis={[
              sideBandAxis(
                'stage',
                funnelRows.map((r) => String(r[col('stage')])),
                width,
              ),
            ]}
            series={[{ dataKey: 'count', label: col('enquiries') }]}
          />
        )}
      </ChartCard>
      <ChartCard
        title={t('analytics.branches')}
        file="branch-comparison"
        money={moneyColumns}
        rows={branchRows}
      >
        {(width) => {
          const y = showsMoney
            ? moneyAxis(a.branches.flatMap((b) => [amountOf(b.net), amountOf(b.expenses)]))
            : countAxis(a.branches.map((b) => b.activeMembers));
          return (
            <BarChart
              colors={colors}
              height={height}
              margin={chartMargin}
              dataset={a.branches.map((b) => ({
                name: b.name,
                net: amountOf(b.net),
                expenses: amountOf(b.expenses),
                activeMembers: b.activeMembers,
              }))}
              xAxis={[
                bandAxis(
                  'name',
                  a.branches.map((b) => b.name),
                  width,
                  y.width,
                ),
              ]}
              yAxis={[y]}
              series={
                showsMoney
                  ? [
                      { dataKey: 'net', label: col('net'), valueFormatter: amount },
                      { dataKey: 'expenses', label: col('expenses'), valueFormatter: amount },
                    ]
                  : [{ dataKey: 'activeMembers', label: col('activeMembers') }]
              }
            />
          );
        }}
      </ChartCard>
    </Box>
  );
}
