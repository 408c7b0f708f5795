import type { Enquiry, enquirySources, enquiryStatuses } from '@app/contract/enquiries';
import { column, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

type EnquirySource = (typeof enquirySources)[number];
type EnquiryStatus = (typeof enquiryStatuses)[number];

const sourceWords: Record<EnquirySource, Words> = {
  walkIn: { en: 'Walk-in', de: 'Persönlich' },
  phone: { en: 'Phone', de: 'Telefon' },
  website: { en: 'Website', de: 'Website' },
  referral: { en: 'Referral', de: 'Empfehlung' },
  other: { en: 'Other', de: 'Sonstige' },
};

const statusWords: Record<EnquiryStatus, Words> = {
  new: { en: 'New', de: 'Neu' },
  contacted: { en: 'Contacted', de: 'Kontaktiert' },
  followUp: { en: 'Follow-up', de: 'Wiedervorlage' },
  converted: { en: 'Converted', de: 'Umgewandelt' },
  lost: { en: 'Lost', de: 'Verloren' },
};

export const enquiryCsv: CsvTable<Enquiry> = {
  nameIds: (rows) => ({
    structures: rows.map((e) => e.feeStructureId),
    members: rows.map((e) => e.convertedUserId),
  }),
  columns: [
    column.date({ en: 'Received on', de: 'Eingegangen am' }, (e) => e.createdAt),
    column.text(label.name, (e) => e.name),
    column.text(label.mobile, (e) => e.mobile),
    column.text(label.email, (e) => e.email),
    column.word({ en: 'Source', de: 'Quelle' }, (e) => e.source, sourceWords),
    column.text({ en: 'Interested in', de: 'Interessiert an' }, (e, names) =>
      e.feeStructureId === null ? null : names.structures.get(e.feeStructureId),
    ),
    column.date({ en: 'Follow-up', de: 'Wiedervorlage' }, (e) => e.followUpDate),
    column.word(label.status, (e) => e.status, statusWords),
    column.text(label.notes, (e) => e.notes),
    column.text({ en: 'Member', de: 'Mitglied' }, (e, names) =>
      e.convertedUserId === null ? null : names.members.get(e.convertedUserId)?.name,
    ),
  ],
};
