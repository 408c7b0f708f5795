import { gstStates, type GstStateCode } from '@app/contract/gstNames';
import type { Language } from '@app/contract/languages';
import type { PaymentMode } from '@app/contract/payments';

/** A printed document's language: every language the product speaks to members (issue 48). */
export type ReceiptLang = Language;

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
  gst: GstLabels;
};

/** The words of GST documents (issue 44): titles, parties, the tax table and CGST Rule 46's lines. */
type GstLabels = {
  titles: { invoice: string; billOfSupply: string; creditNote: string };
  receiptNumber: string;
  supplier: string;
  recipient: string;
  gstin: string;
  state: string;
  placeOfSupply: string;
  sac: string;
  description: string;
  taxable: string;
  rate: string;
  cgst: string;
  sgst: string;
  igst: string;
  amount: string;
  documentTotal: string;
  totalInWords: string;
  reverseCharge: string;
  againstInvoice: string;
  reasons: { refund: string; void: string };
  noTax: string;
  signatory: string;
  /** The states and union territories by their GST code, as the document's language writes them. */
  states: Record<GstStateCode, string>;
  /** 'For Reading Room Co' above the signature; Hindi puts the name first ('… के लिए'). */
  forSupplier: (name: string) => string;
};

/** GST's states and union territories in Hindi, as their governments write them. */
const hindiStates: Record<GstStateCode, string> = {
  '01': 'जम्मू और कश्मीर',
  '02': 'हिमाचल प्रदेश',
  '03': 'पंजाब',
  '04': 'चंडीगढ़',
  '05': 'उत्तराखंड',
  '06': 'हरियाणा',
  '07': 'दिल्ली',
  '08': 'राजस्थान',
  '09': 'उत्तर प्रदेश',
  '10': 'बिहार',
  '11': 'सिक्किम',
  '12': 'अरुणाचल प्रदेश',
  '13': 'नागालैंड',
  '14': 'मणिपुर',
  '15': 'मिज़ोरम',
  '16': 'त्रिपुरा',
  '17': 'मेघालय',
  '18': 'असम',
  '19': 'पश्चिम बंगाल',
  '20': 'झारखंड',
  '21': 'ओडिशा',
  '22': 'छत्तीसगढ़',
  '23': 'मध्य प्रदेश',
  '24': 'गुजरात',
  '26': 'दादरा और नगर हवेली और दमन और दीव',
  '27': 'महाराष्ट्र',
  '29': 'कर्नाटक',
  '30': 'गोवा',
  '31': 'लक्षद्वीप',
  '32': 'केरल',
  '33': 'तमिलनाडु',
  '34': 'पुडुचेरी',
  '35': 'अंडमान और निकोबार द्वीपसमूह',
  '36': 'तेलंगाना',
  '37': 'आंध्र प्रदेश',
  '38': 'लद्दाख',
  '97': 'अन्य क्षेत्र',
};

/**
 * The receipt's words in every language of the product (the web app's texts are its own, and these
 * follow them: web/src/locales/*.json, receipt, gst, refunds.receiptDoc). Hindi keeps the words of
 * docs/hindi-glossary.md; codes and units (GSTIN, SAC, CGST, UPI, PIN, WiFi, ID) stay Latin.
 */
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
    gst: {
      titles: { invoice: 'Tax Invoice', billOfSupply: 'Bill of Supply', creditNote: 'Credit Note' },
      receiptNumber: 'Receipt No.',
      supplier: 'Supplier',
      recipient: 'Recipient',
      gstin: 'GSTIN',
      state: 'State',
      placeOfSupply: 'Place of supply',
      sac: 'SAC',
      description: 'Description',
      taxable: 'Taxable value',
      rate: 'Rate',
      cgst: 'CGST',
      sgst: 'SGST',
      igst: 'IGST',
      amount: 'Amount',
      documentTotal: 'Total',
      totalInWords: 'Total in words',
      reverseCharge: 'Tax payable on reverse charge: No',
      againstInvoice: 'Against invoice',
      reasons: { refund: 'Refund', void: 'Invoice cancelled' },
      noTax: 'Composition taxable person or unregistered supplier: not eligible to collect tax on supplies.',
      signatory: 'Authorised signatory',
      states: gstStates,
      forSupplier: (name) => `For ${name}`,
    },
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
    gst: {
      titles: { invoice: 'Steuerrechnung', billOfSupply: 'Rechnung ohne Steuer', creditNote: 'Gutschrift' },
      receiptNumber: 'Quittung Nr.',
      supplier: 'Leistender',
      recipient: 'Empfänger',
      gstin: 'GSTIN',
      state: 'Bundesstaat',
      placeOfSupply: 'Ort der Leistung',
      sac: 'SAC',
      description: 'Beschreibung',
      taxable: 'Steuerwert',
      rate: 'Satz',
      cgst: 'CGST',
      sgst: 'SGST',
      igst: 'IGST',
      amount: 'Betrag',
      documentTotal: 'Gesamt',
      totalInWords: 'Gesamt in Worten',
      reverseCharge: 'Steuerschuld des Empfängers (Reverse Charge): Nein',
      againstInvoice: 'Zu Rechnung',
      reasons: { refund: 'Erstattung', void: 'Rechnung storniert' },
      noTax: 'Kleinunternehmer (Composition) oder nicht registriert: keine Steuer berechnet.',
      signatory: 'Zeichnungsberechtigte Person',
      states: gstStates,
      forSupplier: (name) => `Für ${name}`,
    },
  },
  hi: {
    receipt: 'रसीद',
    taxId: 'टैक्स ID',
    number: 'नं.',
    date: 'तारीख',
    member: 'सदस्य',
    feeStructure: 'शुल्क योजना',
    period: 'अवधि',
    previousDues: 'पिछला बकाया',
    lateFine: 'विलंब शुल्क',
    fineLowered: 'विलंब शुल्क कम किया',
    discount: 'छूट',
    total: 'कुल',
    received: 'प्राप्त',
    due: 'बकाया',
    inWords: 'प्राप्त राशि शब्दों में',
    mode: 'भुगतान का माध्यम',
    reference: 'संदर्भ',
    note: 'नोट',
    recordedBy: 'दर्ज करने वाले',
    void: 'रद्द',
    verify: 'इस रसीद की जाँच करें',
    wifi: 'WiFi साइन-इन',
    wifiPin: 'PIN',
    refundReceipt: 'रिफ़ंड रसीद',
    againstReceipt: 'किस रसीद पर',
    refunded: 'रिफ़ंड राशि',
    refundedInWords: 'रिफ़ंड राशि शब्दों में',
    reason: 'कारण',
    paidOutBy: 'लौटाने का माध्यम',
    membershipEnded: 'इस रिफ़ंड के साथ सदस्यता खत्म हुई।',
    modes: { cash: 'नकद', upi: 'UPI', card: 'कार्ड', bankTransfer: 'बैंक ट्रांसफ़र', cheque: 'चेक' },
    gst: {
      titles: { invoice: 'टैक्स इनवॉइस', billOfSupply: 'बिल ऑफ़ सप्लाई', creditNote: 'क्रेडिट नोट' },
      receiptNumber: 'रसीद नं.',
      supplier: 'आपूर्तिकर्ता',
      recipient: 'प्राप्तकर्ता',
      gstin: 'GSTIN',
      state: 'राज्य',
      placeOfSupply: 'आपूर्ति का स्थान',
      sac: 'SAC',
      description: 'विवरण',
      taxable: 'कर योग्य मूल्य',
      rate: 'दर',
      cgst: 'CGST',
      sgst: 'SGST',
      igst: 'IGST',
      amount: 'राशि',
      documentTotal: 'कुल',
      totalInWords: 'कुल शब्दों में',
      reverseCharge: 'रिवर्स चार्ज पर देय टैक्स: नहीं',
      againstInvoice: 'इनवॉइस के बदले',
      reasons: { refund: 'रिफ़ंड', void: 'इनवॉइस रद्द' },
      noTax: 'कंपोज़िशन करदाता या अपंजीकृत आपूर्तिकर्ता: आपूर्ति पर टैक्स वसूलने का पात्र नहीं।',
      signatory: 'अधिकृत हस्ताक्षरकर्ता',
      states: hindiStates,
      forSupplier: (name) => `${name} के लिए`,
    },
  },
};
