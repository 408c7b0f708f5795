import type { Enquiry, enquirySources, enquiryStatuses } from '@app/contract/enquiries';
import { column, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

type EnquirySource = (typeof enquirySources)[number];
type EnquiryStatus = (typeof enquiryStatuses)[number];

const sourceWords: Record<EnquirySource, Words> = {
  walkIn: { en: 'Walk-in', de: 'Persönlich', hi: 'खुद आए' },
  phone: { en: 'Phone', de: 'Telefon', hi: 'फ़ोन' },
  website: { en: 'Website', de: 'Website', hi: 'वेबसाइट' },
  referral: { en: 'Referral', de: 'Empfehlung', hi: 'किसी के कहने पर' },
  other: { en: 'Other', de: 'Sonstige', hi: 'अन्य' },
};

const statusWords: Record<EnquiryStatus, Words> = {
  new: { en: 'New', de: 'Neu', hi: 'नई' },
  contacted: { en: 'Contacted', de: 'Kontaktiert', hi: 'संपर्क हुआ' },
  followUp: { en: 'Follow-up', de: 'Wiedervorlage', hi: 'फ़ॉलो-अप की तारीख' },
  converted: { en: 'Converted', de: 'Umgewandelt', hi: 'सदस्य बने' },
  lost: { en: 'Lost', de: 'Verloren', hi: 'नहीं आए' },
};

export const enquiryCsv: CsvTable<Enquiry> = {
  nameIds: (rows) => ({
    structures: rows.map((e) => e.feeStructureId),
    members: rows.map((e) => e.convertedUserId),
  }),
  columns: [
    column.date({ en: 'Received on', de: 'Eingegangen am', hi: 'पूछताछ की तारीख' }, (e) => e.createdAt),
    column.text(label.name, (e) => e.name),
    column.text(label.mobile, (e) => e.mobile),
    column.text(label.email, (e) => e.email),
    column.word({ en: 'Source', de: 'Quelle', hi: 'स्रोत' }, (e) => e.source, sourceWords),
    column.text({ en: 'Interested in', de: 'Interessiert an', hi: 'किसमें रुचि' }, (e, names) =>
      e.feeStructureId === null ? null : names.structures.get(e.feeStructureId),
    ),
    column.date({ en: 'Follow-up', de: 'Wiedervorlage', hi: 'फ़ॉलो-अप की तारीख' }, (e) => e.followUpDate),
    column.word(label.status, (e) => e.status, statusWords),
    column.text(label.notes, (e) => e.notes),
    column.text({ en: 'Member', de: 'Mitglied', hi: 'सदस्य' }, (e, names) =>
      e.convertedUserId === null ? null : names.members.get(e.convertedUserId)?.name,
    ),
  ],
};
