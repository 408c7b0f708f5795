import type { MarketRow } from '../logic/market';

/** The coins the demo offers (spec section 3). */
export const coins = [
  'BNB',
  'BTC',
  'BCN',
  'ADA',
  'DCR',
  'ICX',
  'IOTA',
  'LTC',
  'XMR',
  'NANO',
  'NEM',
  'PPT',
  'XRP',
  'XLM',
  'STRAT',
  'TRX',
] as const;

const names: Record<(typeof coins)[number], string> = {
  BNB: 'Binance Coin',
  BTC: 'Bitcoin',
  BCN: 'Bytecoin',
  ADA: 'Cardano',
  DCR: 'Decred',
  ICX: 'Icon',
  IOTA: 'Iota',
  LTC: 'Litecoin',
  XMR: 'Monero',
  NANO: 'Nano',
  NEM: 'Nem',
  PPT: 'Populous',
  XRP: 'Ripple',
  XLM: 'Stellar',
  STRAT: 'Stratis',
  TRX: 'Tron',
};

const positions = ['up', 'down', 'stay'] as const;

/** Sample market rows: made-up figures, the same on every load. */
export const marketRows: MarketRow[] = coins.map((coin, index) => {
  const seed = (index * 37 + 11) % 97;
  const position = positions[index % 3]!;
  return {
    id: index + 1,
    logo: coin,
    market: `${coin}/USD`,
    name: names[coin],
    price: Math.round((seed * 13.7 + 0.5) * 100) / 100,
    change: position === 'stay' ? 0 : Math.round(((seed % 9) + 0.3) * 10) / 10,
    position,
    stats: Array.from({ length: 12 }, (_, hour) => 40 + ((seed + hour * 17) % 30)),
    volume: Math.round(seed * 4.2 * 10) / 10,
    balance: Math.round(seed * 21.3 * 100) / 100,
  };
});

/** A price series for the trading chart. */
export const priceSeries = Array.from(
  { length: 30 },
  (_, day) => 6200 + Math.round(Math.sin(day / 3) * 400 + day * 25),
);

export const walletBalances = [
  { coin: 'BTC', amount: 0.3521 },
  { coin: 'ADA', amount: 1250 },
  { coin: 'XRP', amount: 880 },
  { coin: 'LTC', amount: 12.4 },
];

export const cryptoNews = [
  'Stablecoin volumes reach a yearly high',
  'A new exchange lists 40 tokens at once',
  'Miners move to renewable power in the north',
];

export const transactions = [
  { id: 1, time: '09:21', market: 'BTC/USD', price: 6410.5, total: 641.05, get: 0.1, status: 'Complete' },
  { id: 2, time: '10:02', market: 'ADA/USD', price: 0.12, total: 60, get: 500, status: 'Pending' },
  { id: 3, time: '11:47', market: 'XRP/USD', price: 0.49, total: 98, get: 200, status: 'Cancelled' },
  { id: 4, time: '12:15', market: 'LTC/USD', price: 51.3, total: 102.6, get: 2, status: 'Info' },
] as const;
