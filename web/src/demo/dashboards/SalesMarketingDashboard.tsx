import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCountUp } from '../../lib/useCountUp';
import { DemoPage } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';
import { MarketTable } from './MarketTable';
import {
  ClockCard,
  LatestSales,
  PerformanceCard,
  SliderCard,
  StorageCard,
  TasksCard,
  TreeTableCard,
  WeatherCard,
} from './SalesWidgets';

function Counter({ label, value }: { label: string; value: number }) {
  const shown = useCountUp(value);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h4" component="p">
        {shown.toLocaleString()}
      </Typography>
      <Typography color="text.secondary">{label}</Typography>
    </Paper>
  );
}

/** /app/dashboard/sales-marketing: counters, performance, latest sales, weather, clock, storage, tasks. */
export function SalesMarketingDashboard() {
  const texts = useDemoTexts();
  const counters: [string, number][] = [
    [texts.sales.counters.sales, 12840],
    [texts.sales.counters.orders, 932],
    [texts.sales.counters.customers, 4120],
    [texts.sales.counters.visits, 28310],
  ];
  return (
    <DemoPage group="dashboard" slug="sales-marketing" source="dashboards/SalesMarketingDashboard.tsx">
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {counters.map(([label, value]) => (
            <Counter key={label} label={label} value={value} />
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <LatestSales />
          <PerformanceCard />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          <WeatherCard />
          <ClockCard />
          <StorageCard />
          <SliderCard />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TasksCard />
          <TreeTableCard />
        </Box>
        <MarketTable title={texts.sales.marketplace} />
      </Stack>
    </DemoPage>
  );
}
