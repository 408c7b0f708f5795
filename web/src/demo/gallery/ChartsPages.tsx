import Paper from '@mui/material/Paper';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { DemoPage } from '../shared/DemoPage';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
const visits = [320, 410, 380, 520, 610, 580];
const sales = [120, 160, 150, 210, 260, 240];

export function LineChartsPage() {
  return (
    <DemoPage group="charts" slug="line-charts" source="gallery/ChartsPages.tsx">
      <Paper sx={{ p: 2 }}>
        <LineChart
          height={320}
          xAxis={[{ data: months, scaleType: 'point' }]}
          series={[
            { data: visits, label: 'Visits' },
            { data: sales, label: 'Sales' },
          ]}
        />
      </Paper>
    </DemoPage>
  );
}

export function BarChartsPage() {
  return (
    <DemoPage group="charts" slug="bar-charts" source="gallery/ChartsPages.tsx">
      <Paper sx={{ p: 2 }}>
        <BarChart
          height={320}
          xAxis={[{ data: months, scaleType: 'band' }]}
          series={[
            { data: visits, label: 'Visits' },
            { data: sales, label: 'Sales' },
          ]}
        />
      </Paper>
    </DemoPage>
  );
}

export function PieChartsPage() {
  return (
    <DemoPage group="charts" slug="pie-charts" source="gallery/ChartsPages.tsx">
      <Paper sx={{ p: 2 }}>
        <PieChart
          height={320}
          series={[
            {
              data: [
                { id: 0, value: 45, label: 'Reading' },
                { id: 1, value: 30, label: 'WiFi' },
                { id: 2, value: 25, label: 'Printing' },
              ],
              innerRadius: 50,
            },
          ]}
        />
      </Paper>
    </DemoPage>
  );
}
