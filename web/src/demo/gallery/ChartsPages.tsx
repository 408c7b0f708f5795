import Paper from '@mui/material/Paper';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { DemoPage } from '../shared/DemoPage';
import { useLocalTexts } from '../texts';

const labels = {
  en: {
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
    visits: 'Visits',
    sales: 'Sales',
    reading: 'Reading',
    wifi: 'WiFi',
    printing: 'Printing',
  },
  de: {
    months: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun'],
    visits: 'Besuche',
    sales: 'Umsatz',
    reading: 'Lesen',
    wifi: 'WLAN',
    printing: 'Drucken',
  },
};
const visits = [320, 410, 380, 520, 610, 580];
const sales = [120, 160, 150, 210, 260, 240];

export function LineChartsPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="charts" slug="line-charts" source="gallery/ChartsPages.tsx">
      <Paper sx={{ p: 2 }}>
        <LineChart
          height={320}
          xAxis={[{ data: l.months, scaleType: 'point' }]}
          series={[
            { data: visits, label: l.visits },
            { data: sales, label: l.sales },
          ]}
        />
      </Paper>
    </DemoPage>
  );
}

export function BarChartsPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="charts" slug="bar-charts" source="gallery/ChartsPages.tsx">
      <Paper sx={{ p: 2 }}>
        <BarChart
          height={320}
          xAxis={[{ data: l.months, scaleType: 'band' }]}
          series={[
            { data: visits, label: l.visits },
            { data: sales, label: l.sales },
          ]}
        />
      </Paper>
    </DemoPage>
  );
}

export function PieChartsPage() {
  const l = useLocalTexts(labels);
  return (
    <DemoPage group="charts" slug="pie-charts" source="gallery/ChartsPages.tsx">
      <Paper sx={{ p: 2 }}>
        <PieChart
          height={320}
          series={[
            {
              data: [
                { id: 0, value: 45, label: l.reading },
                { id: 1, value: 30, label: l.wifi },
                { id: 2, value: 25, label: l.printing },
              ],
              innerRadius: 50,
            },
          ]}
        />
      </Paper>
    </DemoPage>
  );
}
