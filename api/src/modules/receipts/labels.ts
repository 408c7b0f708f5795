import type { PaymentMode } from '@app/contract/payments';

export type ReceiptLang = 'en' | 'de';

type Labels = {
  receipt: string;
  taxId: string;
  number: string;
  date: string;
  member: string;
  feeStructure: string;
  period: string;
  previousDues: string;
  lateFine: string;
  fineLowered: string;
  discount: string;
  total: string;
  received: string;
  due: string;
  inWords: string;
  mode: string;
  reference: string;
  note: string;
  recordedBy: string;
  void: string;
  verify: string;
  refundReceipt: string;
  againstReceipt: string;
  refunded: string;
  refundedInWords: string;
  reason: string;
  paidOutBy: string;
  membershipEnded: string;
  wifi: string;
  wifiPin: string;
  modes: Record<PaymentMode, string>;
};

/** The receipt's words in both languages of the product (the web app's texts are its own). */
export const receiptLabels: Record<ReceiptLang, Labels> = {
  en: {
    receipt: 'Receipt',
    taxId: 'Tax ID',
    number: 'No.',
    date: 'Date',
    member: 'Member',
    feeStructure: 'Fee structure',
    period: 'Period covered',
    previousDues: 'Previous dues',
    lateFine: 'Late fine',
    fineLowered: 'Late fine lowered',
    discount: 'Discount',
    total: 'Total',
    received: 'Received',
    due: 'Due',
    inWords: 'Received in words',
    mode: 'Paid by',
    reference: 'ref.',
    note: 'Note',
    recordedBy: 'Recorded by',
    void: 'VOID',
    verify: 'Verify this receipt',
    wifi: 'WiFi sign-in',
    wifiPin: 'PIN',
    refundReceipt: 'Refund receipt',
    againstReceipt: 'Against receipt',
    refunded: 'Refunded',
    refundedInWords: 'Refunded in words',
    reason: 'Reason',
    paidOutBy: 'Paid out by',
    membershipEnded: 'The membership ended with this refund.',
    modes: { cash: 'Cash', upi: 'UPI', card: 'Card', bankTransfer: 'Bank transfer', cheque: 'Cheque' },
  },
  de: {
    receipt: 'Quittung',
    taxId: 'Steuernummer',
    number: 'Nr.',
    date: 'Datum',
    member: 'Mitglied',
    feeStructure: 'Gebührenstruktur',
    period: 'Zeitraum',
    previousDues: 'Frühere Rückstände',
    lateFine: 'Säumnisgebühr',
    fineLowered: 'Säumnisgebühr ermäßigt',
    discount: 'Rabatt',
    total: 'Gesamt',
    received: 'Erhalten',
    due: 'Offen',
    inWords: 'Erhalten in Worten',
    mode: 'Bezahlt mit',
    reference: 'Ref.',
    note: 'Notiz',
    recordedBy: 'Erfasst von',
    void: 'STORNIERT',
    verify: 'Quittung prüfen',
    wifi: 'WLAN-Anmeldung',
    wifiPin: 'PIN',
    refundReceipt: 'Erstattungsbeleg',
    againstReceipt: 'Zu Quittung',
    refunded: 'Erstattet',
    refundedInWords: 'Erstattet in Worten',
    reason: 'Grund',
    paidOutBy: 'Ausgezahlt per',
    membershipEnded: 'Die Mitgliedschaft endete mit dieser Erstattung.',
    modes: { cash: 'Bar', upi: 'UPI', card: 'Karte', bankTransfer: 'Überweisung', cheque: 'Scheck' },
  },
};
