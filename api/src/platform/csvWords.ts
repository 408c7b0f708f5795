import type { PaymentMode, PaymentStatus } from '@app/contract/payments';
import type { Words } from './csv.ts';

// Labels and enum words that several exports share, in the words the screens use (web/src/locales).

export const label = {
  name: { en: 'Name', de: 'Name', hi: 'नाम' },
  description: { en: 'Description', de: 'Beschreibung', hi: 'विवरण' },
  active: { en: 'Active', de: 'Aktiv', hi: 'सक्रिय' },
  status: { en: 'Status', de: 'Status', hi: 'स्थिति' },
  mobile: { en: 'Mobile', de: 'Mobilnummer', hi: 'मोबाइल' },
  email: { en: 'Email', de: 'E-Mail', hi: 'ई-मेल' },
  address: { en: 'Address', de: 'Adresse', hi: 'पता' },
  branch: { en: 'Branch', de: 'Filiale', hi: 'शाखा' },
  branches: { en: 'Branches', de: 'Filialen', hi: 'शाखाएँ' },
  member: { en: 'Member', de: 'Mitglied', hi: 'सदस्य' },
  date: { en: 'Date', de: 'Datum', hi: 'तारीख' },
  amount: { en: 'Amount', de: 'Betrag', hi: 'राशि' },
  mode: { en: 'Mode', de: 'Zahlungsart', hi: 'माध्यम' },
  account: { en: 'Account', de: 'Konto', hi: 'खाता' },
  reference: { en: 'Reference', de: 'Referenz', hi: 'संदर्भ' },
  note: { en: 'Note', de: 'Notiz', hi: 'नोट' },
  notes: { en: 'Notes', de: 'Notizen', hi: 'नोट' },
  recordedBy: { en: 'Recorded by', de: 'Erfasst von', hi: 'किसने दर्ज किया' },
  voidReason: { en: 'Void reason', de: 'Stornogrund', hi: 'रद्द करने का कारण' },
  receipt: { en: 'Receipt', de: 'Quittung', hi: 'रसीद' },
  feeStructure: { en: 'Fee structure', de: 'Gebührenstruktur', hi: 'शुल्क योजना' },
  package: { en: 'WiFi package', de: 'WLAN-Paket', hi: 'WiFi पैकेज' },
  room: { en: 'Room', de: 'Raum', hi: 'कमरा' },
  validFrom: { en: 'Valid from', de: 'Gültig ab', hi: 'वैध कब से' },
  validTill: { en: 'Valid till', de: 'Gültig bis', hi: 'वैध कब तक' },
} satisfies Record<string, Words>;

export const allBranches: Words = { en: 'All branches', de: 'Alle Filialen', hi: 'सभी शाखाएँ' };

export const modeWords: Record<PaymentMode, Words> = {
  cash: { en: 'Cash', de: 'Bar', hi: 'नकद' },
  upi: { en: 'UPI', de: 'UPI', hi: 'UPI' },
  card: { en: 'Card', de: 'Karte', hi: 'कार्ड' },
  bankTransfer: { en: 'Bank transfer', de: 'Überweisung', hi: 'बैंक ट्रांसफ़र' },
  cheque: { en: 'Cheque', de: 'Scheck', hi: 'चेक' },
};

/** Payments and expenses: completed, or voided with a reason. */
export const moneyStatusWords: Record<PaymentStatus, Words> = {
  completed: { en: 'Completed', de: 'Abgeschlossen', hi: 'पूरा' },
  voided: { en: 'Void', de: 'Storniert', hi: 'रद्द' },
};
