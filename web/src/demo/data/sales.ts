import type { SaleStatus } from '../logic/sales';

/** Sample sale rows (spec section 3, "Sale row"); invented buyers and figures. */
export interface SaleRow {
  id: number;
  name: string;
  date: string;
  total: number;
  avatar: string;
  buyerName: string;
  photo: string;
  type: string;
  currentStock: number;
  totalStock: number;
  status: SaleStatus;
  statusMessage: 'Canceled' | 'Sent' | 'Pending' | 'Paid' | 'Returned';
}

export const saleRows: SaleRow[] = [
  {
    id: 1,
    name: 'Reading Lamp',
    date: '2026-11-20',
    total: 120,
    avatar: '#AB47BC',
    buyerName: 'Alma Berger',
    photo: '#F9A825',
    type: 'Home',
    currentStock: 30,
    totalStock: 120,
    status: 'Success',
    statusMessage: 'Paid',
  },
  {
    id: 2,
    name: 'Headphones',
    date: '2026-11-21',
    total: 89,
    avatar: '#3F51B5',
    buyerName: 'Ben Okafor',
    photo: '#3F51B5',
    type: 'Audio',
    currentStock: 10,
    totalStock: 80,
    status: 'Warning',
    statusMessage: 'Pending',
  },
  {
    id: 3,
    name: 'Notebook Set',
    date: '2026-11-22',
    total: 27,
    avatar: '#43A047',
    buyerName: 'Chen Li',
    photo: '#43A047',
    type: 'Stationery',
    currentStock: 95,
    totalStock: 100,
    status: 'Info',
    statusMessage: 'Sent',
  },
  {
    id: 4,
    name: 'Ergonomic Chair',
    date: '2026-11-23',
    total: 159,
    avatar: '#FF5722',
    buyerName: 'Dana Novak',
    photo: '#AB47BC',
    type: 'Furniture',
    currentStock: 2,
    totalStock: 40,
    status: 'Error',
    statusMessage: 'Canceled',
  },
  {
    id: 5,
    name: 'USB-C Hub',
    date: '2026-11-24',
    total: 34,
    avatar: '#00BCD4',
    buyerName: 'Emil Sørensen',
    photo: '#00BCD4',
    type: 'Electronics',
    currentStock: 44,
    totalStock: 60,
    status: 'Default',
    statusMessage: 'Returned',
  },
];

export const tasks = [
  'Order new reading lamps',
  'Call the printer service',
  'Plan the December opening hours',
  'Renew the WiFi contract',
];

export const treeRows = [
  {
    id: 'north',
    name: 'North branch',
    value: 5400,
    children: [
      { id: 'n1', name: 'Reading room A', value: 3200 },
      { id: 'n2', name: 'Reading room B', value: 2200 },
    ],
  },
  {
    id: 'south',
    name: 'South branch',
    value: 4100,
    children: [{ id: 's1', name: 'Quiet hall', value: 4100 }],
  },
];

export const slides = [
  'Welcome to the sales dashboard',
  'Counters animate for three seconds',
  'Latest sales link to their invoice',
  'The stock bar shows what is left',
  'Everything here is sample data',
];
