import type { PaymentMode, PaymentStatus } from '@app/contract/payments';
import type { Words } from './csv.ts';

// Labels and enum words that several exports share, in the words the screens use (web/src/locales).

export const label = {
  name: { en: 'Name', de: 'Name' },
  description: { en: 'Description', de: 'Beschreibung' },
  active: { en: 'Active', de: 'Aktiv' },
  status: { en: 'Status', de: 'Status' },
  mobile: { en: 'Mobile', de: 'Mobilnummer' },
  email: { en: 'Email', de: 'E-Mail' },
  address: { en: 'Address', de: 'Adresse' },
  branch: { en: 'Branch', de: 'Filiale' },
  branches: { en: 'Branches', de: 'Filialen' },
  member: { en: 'Member', de: 'Mitglied' },
  date: { en: 'Date', de: 'Datum' },
  amount: { en: 'Amount', de: 'Betrag' },
  mode: { en: 'Mode', de: 'Zahlungsart' },
  account: { en: 'Account', de: 'Konto' },
  reference: { en: 'Reference', de: 'Referenz' },
  note: { en: 'Note', de: 'Notiz' },
  notes: { en: 'Notes', de: 'Notizen' },
  recordedBy: { en: 'Recorded by', de: 'Erfasst von' },
  voidReason: { en: 'Void reason', de: 'Stornogrund' },
  receipt: { en: 'Receipt', de: 'Quittung' },
  feeStructure: { en: 'Fee structure', de: 'Gebührenstruktur' },
  package: { en: 'WiFi package', de: 'WLAN-Paket' },
  room: { en: 'Room', de: 'Raum' },
  validFrom: { en: 'Valid from', de: 'Gültig ab' },
  validTill: { en: 'Valid till', de: 'Gültig bis' },
} satisfies Record<string, Words>;

export const allBranches: Words = { en: 'All branches', de: 'Alle Filialen' };

export const modeWords: Record<PaymentMode, Words> = {
  cash: { en: 'Cash', de: 'Bar' },
  upi: { en: 'UPI', de: 'UPI' },
  card: { en: 'Card', de: 'Karte' },
  bankTransfer: { en: 'Bank transfer', de: 'Überweisung' },
  cheque: { en: 'Cheque', de: 'Scheck' },
};

/** Payments and expenses: completed, or voided with a reason. */
export const moneyStatusWords: Record<PaymentStatus, Words> = {
  completed: { en: 'Completed', de: 'Abgeschlossen' },
  voided: { en: 'Void', de: 'Storniert' },
};
