import type { Package } from '@app/contract/packages';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

/** Speeds and data as plain numbers in the units the header names; 0 is unlimited, as on the form. */
export const packageCsv: CsvTable<Package> = {
  nameIds: (rows) => ({ staff: rows.map((p) => p.adminId) }),
  columns: [
    column.text({ en: 'Package name', de: 'Paketname', hi: 'पैकेज का नाम' }, (p) => p.packageName),
    column.text({ en: 'Unique name', de: 'Eindeutiger Name', hi: 'अलग पहचान नाम' }, (p) => p.uniqueName),
    column.text(
      { en: 'Download (Mbit/s)', de: 'Download (Mbit/s)', hi: 'डाउनलोड (Mbit/s)' },
      (p) => p.downloadSpeed,
    ),
    column.text({ en: 'Upload (Mbit/s)', de: 'Upload (Mbit/s)', hi: 'अपलोड (Mbit/s)' }, (p) => p.uploadSpeed),
    column.text(
      { en: 'Session time (min)', de: 'Sitzungsdauer (Min.)', hi: 'सत्र समय (मिनट)' },
      (p) => p.sessionTime,
    ),
    column.text(
      { en: 'Data per period (GB)', de: 'Daten pro Zeitraum (GB)', hi: 'प्रति अवधि डेटा (GB)' },
      (p) => p.totalData,
    ),
    column.text(
      { en: 'Devices per member', de: 'Geräte pro Mitglied', hi: 'प्रति सदस्य डिवाइस' },
      (p) => p.devicesPerMember,
    ),
    column.yesNo(label.active, (p) => p.status),
    column.text({ en: 'Created by', de: 'Erstellt von', hi: 'किसने बनाया' }, (p, names) =>
      names.staff.get(p.adminId),
    ),
  ],
};
