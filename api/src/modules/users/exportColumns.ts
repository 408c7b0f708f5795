import type { InactiveReason, User } from '@app/contract/users';
import { column, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

const reasonWords: Record<InactiveReason, Words> = {
  expired: { en: 'Expired', de: 'Abgelaufen' },
  deactivated: { en: 'Deactivated', de: 'Deaktiviert' },
};

/** Active and Inactive Users export the same columns; the member number is the door PIN too. */
export const memberCsv: CsvTable<User> = {
  nameIds: (rows) => ({
    structures: rows.map((u) => u.feeStructureId),
    packages: rows.map((u) => u.packageId),
    rooms: rows.map((u) => u.roomId),
  }),
  columns: [
    column.text({ en: 'Member no.', de: 'Mitgliedsnummer' }, (u) => u.userId),
    column.text(label.name, (u) => u.name),
    column.text(label.mobile, (u) => u.mobile),
    column.text(label.email, (u) => u.email),
    column.yesNo(label.active, (u) => u.status),
    column.word({ en: 'Inactive reason', de: 'Grund der Inaktivität' }, (u) => u.inactiveReason, reasonWords),
    column.date(label.validFrom, (u) => u.validFrom),
    column.date(label.validTill, (u) => u.validTill),
    column.text(label.feeStructure, (u, names) =>
      u.feeStructureId === null ? null : names.structures.get(u.feeStructureId),
    ),
    column.text(label.package, (u, names) => (u.packageId === null ? null : names.packages.get(u.packageId))),
    column.text(label.room, (u, names) => (u.roomId === null ? null : names.rooms.get(u.roomId))),
    column.text({ en: 'Seat', de: 'Platz' }, (u) => u.seatNumber),
    column.time({ en: 'Entry time', de: 'Eintritt' }, (u) => u.entryTime),
    column.time({ en: 'Exit time', de: 'Austritt' }, (u) => u.exitTime),
    column.yesNo({ en: 'Exit next day', de: 'Austritt am Folgetag' }, (u) => u.nextDayExit),
    column.yesNo(
      { en: 'Added to biometric machine', de: 'Im Biometriegerät erfasst' },
      (u) => u.addedToBiometricMachine,
    ),
    column.text({ en: 'Biometric machine ID', de: 'Biometrie-ID' }, (u) => u.biometricMachineId),
    column.money({ en: 'Dues', de: 'Rückstände' }, (u) => u.dues),
    column.date({ en: 'Dues since', de: 'Rückstände seit' }, (u) => u.duesSince),
    column.date({ en: 'Joined on', de: 'Beigetreten am' }, (u) => u.joinedOn),
    column.text(label.address, (u) => u.address),
    column.text(label.notes, (u) => u.notes),
  ],
};
