import { useState } from 'react';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import ArrowDropUp from '@mui/icons-material/ArrowDropUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { coins, cryptoNews, marketRows, priceSeries, transactions, walletBalances } from '../data/crypto';
import { demoConstants } from '../logic/constants';
import { marketChange } from '../logic/market';
import { defaultIndicators, toggleIndicator, tradeTabs, tradingIndicators } from '../logic/widgets';
import type { TradingIndicator } from '../logic/widgets';
import { DemoCard, DemoPage } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';
import { MarketTable } from './MarketTable';

function PriceCards() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {marketRows.slice(0, 4).map((row) => {
        const change = marketChange(row.position, row.change);
        return (
          <Paper key={row.id} sx={{ p: 2 }}>
            <Typography variant="overline">{row.logo}</Typography>
            <Typography variant="h6" component="p">
              ${row.price.toFixed(2)}
            </Typography>
            <Stack
              direction="row"
              sx={{
                alignItems: 'center',
                color:
                  change.colour === 'success'
                    ? 'success.main'
                    : change.colour === 'error'
                      ? 'error.main'
                      : 'text.secondary',
              }}
            >
              {change.arrow === 'up' && <ArrowDropUp aria-hidden />}
              {change.arrow === 'down' && <ArrowDropDown aria-hidden />}
              <Typography variant="body2">{change.text}</Typography>
            </Stack>
          </Paper>
        );
      })}
    </Box>
  );
}

/** Moving average and bands over `window` points, for the indicator overlays. */
function movingAverage(values: number[], window: number): number[] {
  return values.map((_, index) => {
    const slice = values.slice(Math.max(0, index - window + 1), index + 1);
    return Math.round(slice.reduce((sum, value) => sum + value, 0) / slice.length);
  });
}

function TradingChart() {
  const texts = useDemoTexts();
  const [indicators, setIndicators] = useState(defaultIndicators);
  const average = movingAverage(priceSeries, 5);
  const overlays: Record<TradingIndicator, number[]> = {
    bolinger: average.map((value) => value + 250),
    parabolic: priceSeries.map((value, index) => value - 150 + (index % 5) * 40),
    rsi: average.map((value) => value - 250),
    stoch: movingAverage(priceSeries, 10),
  };
  return (
    <DemoCard title={texts.crypto.chartTitle}>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }} role="group" aria-label={texts.crypto.indicators}>
        {tradingIndicators.map((name) => (
          <FormControlLabel
            key={name}
            control={
              <Switch
                size="small"
                checked={indicators[name]}
                onChange={() => setIndicators(toggleIndicator(indicators, name))}
              />
            }
            label={texts.crypto.indicatorNames[name]}
          />
        ))}
      </Stack>
      <LineChart
        height={260}
        xAxis={[{ data: priceSeries.map((_, index) => index + 1), scaleType: 'point' }]}
        series={[
          { data: priceSeries, label: 'BTC/USD', showMark: false },
          ...tradingIndicators
            .filter((name) => indicators[name])
            .map((name) => ({
              data: overlays[name],
              label: texts.crypto.indicatorNames[name],
              showMark: false,
            })),
        ]}
      />
    </DemoCard>
  );
}

function TradeCard() {
  const texts = useDemoTexts();
  const [tab, setTab] = useState<(typeof tradeTabs)[number]>('buy');
  const [amount, setAmount] = useState<string>(String(demoConstants.trade.amount));
  const [coin, setCoin] = useState<string>(demoConstants.trade.coin);
  return (
    <DemoCard title={texts.crypto.trade}>
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} variant="fullWidth">
        {tradeTabs.map((name) => (
          <Tab key={name} value={name} label={texts.crypto[name]} />
        ))}
      </Tabs>
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          select
          label={texts.crypto.coin}
          value={coin}
          onChange={(event) => setCoin(event.target.value)}
          size="small"
        >
          {coins.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={texts.crypto.amount}
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          size="small"
        />
        <Button variant="contained" color={tab === 'buy' ? 'success' : 'error'}>
          {texts.crypto[tab]} {coin}
        </Button>
      </Stack>
    </DemoCard>
  );
}

/** /app/dashboard/cryptocurrency: price cards, chart with indicators, trade, wallet, news, USD Market. */
export function CryptocurrencyDashboard() {
  const texts = useDemoTexts();
  return (
    <DemoPage group="dashboard" slug="cryptocurrency" source="dashboards/CryptocurrencyDashboard.tsx">
      <Stack spacing={2}>
        <PriceCards />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <TradingChart />
          <TradeCard />
        </Box>
        <MarketTable />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <DemoCard title={texts.crypto.wallet}>
            <List dense>
              {walletBalances.map((balance) => (
                <ListItem key={balance.coin} secondaryAction={<Typography>{balance.amount}</Typography>}>
                  <ListItemText primary={balance.coin} />
                </ListItem>
              ))}
            </List>
          </DemoCard>
          <DemoCard title={texts.crypto.news}>
            <List dense>
              {cryptoNews.map((headline) => (
                <ListItem key={headline}>
                  <ListItemText primary={headline} />
                </ListItem>
              ))}
            </List>
          </DemoCard>
          <DemoCard title={texts.crypto.transactions}>
            <List dense>
              {transactions.map((row) => (
                <ListItem key={row.id} secondaryAction={<Chip size="small" label={row.status} />}>
                  <ListItemText
                    primary={`${row.market} · ${row.get}`}
                    secondary={`${row.time} · $${row.total}`}
                  />
                </ListItem>
              ))}
            </List>
          </DemoCard>
        </Box>
      </Stack>
    </DemoPage>
  );
}
