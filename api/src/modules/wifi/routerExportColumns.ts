import type { WifiRouter } from '@app/contract/wifi';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

/** Never the RADIUS secret: a file travels further than the screen that masks it. */
export const wifiRouterCsv: CsvTable<WifiRouter> = {
  columns: [
    column.text(label.name, (r) => r.name),
    column.text(label.address, (r) => r.address),
    column.text({ en: 'Disconnect port', de: 'Trennungs-Port', hi: 'डिस्कनेक्ट पोर्ट' }, (r) => r.coaPort),
    column.yesNo(label.active, (r) => r.status),
    column.dateTime({ en: 'Last contact', de: 'Letzter Kontakt', hi: 'आखिरी संपर्क' }, (r) => r.lastSeenAt),
  ],
};
