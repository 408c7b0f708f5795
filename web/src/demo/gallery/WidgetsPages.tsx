import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ClockCard, PerformanceCard, StorageCard, TasksCard, WeatherCard } from '../dashboards/SalesWidgets';
import { evaluate, pressKey } from '../logic/calculator';
import { DemoPage } from '../shared/DemoPage';

/** /app/widgets/infographics: the dashboard cards on their own. */
export function InfographicsPage() {
  return (
    <DemoPage group="widgets" slug="infographics" source="gallery/WidgetsPages.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <WeatherCard />
        <ClockCard />
        <StorageCard />
        <PerformanceCard />
      </Box>
    </DemoPage>
  );
}

const keys = ['7', '8', '9', '/', '4', '5', '6', '*', '1', '2', '3', '-', '0', '.', '=', '+'];

function Calculator() {
  const [expression, setExpression] = useState('');
  const press = (key: string) => {
    if (key === '=') {
      const result = evaluate(expression);
      if (result !== null) setExpression(String(Math.round(result * 1e10) / 1e10));
      return;
    }
    setExpression(pressKey(expression, key));
  };
  return (
    <Paper sx={{ p: 2, maxWidth: 320 }}>
      <Typography
        variant="h4"
        component="output"
        aria-live="polite"
        sx={{ display: 'block', textAlign: 'right', minHeight: 48, overflowWrap: 'anywhere' }}
        data-testid="calculator-display"
      >
        {expression || '0'}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
        {keys.map((key) => (
          <Button key={key} variant={/\d|\./.test(key) ? 'outlined' : 'contained'} onClick={() => press(key)}>
            {key}
          </Button>
        ))}
        <Button sx={{ gridColumn: 'span 4' }} onClick={() => setExpression('')}>
          C
        </Button>
      </Box>
    </Paper>
  );
}

/** /app/widgets/mini-apps: calculator and to-do list. */
export function MiniAppsPage() {
  return (
    <DemoPage group="widgets" slug="mini-apps" source="gallery/WidgetsPages.tsx">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' } }}>
        <Calculator />
        <TasksCard />
      </Box>
    </DemoPage>
  );
}
