import type { InactiveReason, User } from '@app/contract/users';
import { languageNames } from '@app/contract/languages';
import { column, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

const reasonWords: Record<InactiveReason, Words> = {
  expired: { en: 'Expired', de: 'Abgelaufen', hi: 'वैधता खत्म' },
  deactivated: { en: 'Deactivated', de: 'Deaktiviert', hi: 'निष्क्रिय किया' },
};

/**
 * The members export's headings, said once: the export writes them and the import reads them back
 * (import.ts), so a file exported from Users imports as it is, in either language (issue 41, point 4).
 */
export const memberHeadings = {
  userId: { en: 'Member no.', de: 'Mitgliedsnummer', hi: 'सदस्य संख्या' },
  name: label.name,
  mobile: label.mobile,
  email: label.email,
  active: label.active,
  inactiveReason: { en: 'Inactive reason', de: 'Grund der Inaktivität', hi: 'निष्क्रिय होने का कारण' },
  validFrom: label.validFrom,
  validTill: label.validTill,
  feeStructure: label.feeStructure,
  package: label.package,
  room: label.room,
  seatNumber: { en: 'Seat', de: 'Platz', hi: 'सीट' },
  entryTime: { en: 'Entry time', de: 'Eintritt', hi: 'प्रवेश समय' },
  exitTime: { en: 'Exit time', de: 'Austritt', hi: 'निकास समय' },
  nextDayExit: { en: 'Exit next day', de: 'Austritt am Folgetag', hi: 'निकास अगले दिन' },
  addedToBiometricMachine: {
    en: 'Added to biometric machine',
    de: 'Im Biometriegerät erfasst',
    hi: 'बायोमेट्रिक मशीन में जोड़ा गया',
  },
  biometricMachineId: { en: 'Biometric machine ID', de: 'Biometrie-ID', hi: 'बायोमेट्रिक मशीन ID' },
  dues: { en: 'Dues', de: 'Rückstände', hi: 'बकाया' },
  duesSince: { en: 'Dues since', de: 'Rückstände seit', hi: 'बकाया कब से' },
  joinedOn: { en: 'Joined on', de: 'Beigetreten am', hi: 'जुड़ने की तारीख' },
  address: label.address,
  notes: label.notes,
  /** The member's language, written as its own name (English, Deutsch, हिन्दी) in every export (issue 48). */
  language: { en: 'Language', de: 'Sprache', hi: 'भाषा' },
} satisfies Record<string, Words>;

const h = memberHeadings;

/** Active and Inactive Users export the same columns; the member number is the door PIN too. */
export const memberCsv: CsvTable<User> = {
  nameIds: (rows) => ({
    structures: rows.map((u) => u.feeStructureId),
    packages: rows.map((u) => u.packageId),
    rooms: rows.map((u) => u.roomId),
  }),
  columns: [
    column.text(h.userId, (u) => u.userId),
    column.text(h.name, (u) => u.name),
    column.text(h.mobile, (u) => u.mobile),
    column.text(h.email, (u) => u.email),
    column.yesNo(h.active, (u) => u.status),
    column.word(h.inactiveReason, (u) => u.inactiveReason, reasonWords),
    column.date(h.validFrom, (u) => u.validFrom),
    column.date(h.validTill, (u) => u.validTill),
    column.text(h.feeStructure, (u, names) =>
      u.feeStructureId === null ? null : names.structures.get(u.feeStructureId),
    ),
    column.text(h.package, (u, names) => (u.packageId === null ? null : names.packages.get(u.packageId))),
    column.text(h.room, (u, names) => (u.roomId === null ? null : names.rooms.get(u.roomId))),
    column.text(h.seatNumber, (u) => u.seatNumber),
    column.time(h.entryTime, (u) => u.entryTime),
    column.time(h.exitTime, (u) => u.exitTime),
    column.yesNo(h.nextDayExit, (u) => u.nextDayExit),
    column.yesNo(h.addedToBiometricMachine, (u) => u.addedToBiometricMachine),
    column.text(h.biometricMachineId, (u) => u.biometricMachineId),
    column.money(h.dues, (u) => u.dues),
    column.date(h.duesSince, (u) => u.duesSince),
    column.date(h.joinedOn, (u) => u.joinedOn),
    column.text(h.address, (u) => u.address),
    column.text(h.notes, (u) => u.notes),
    column.text(h.language, (u) => languageNames[u.language]),
  ],
};
