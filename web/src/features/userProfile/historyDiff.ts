import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/dates';

/** Member fields a reader cares about, in the order the history lists them. */
export const historyFields = [
  'name',
  'mobile',
  'email',
  'status',
  'inactiveReason',
  'validFrom',
  'validTill',
  'joinedOn',
  'entryTime',
  'exitTime',
  'nextDayExit',
  'roomId',
  'seatNumber',
  'packageId',
  'feeStructureId',
  'addedToBiometricMachine',
  'biometricMachineId',
  'address',
  'notes',
] as const;

export type HistoryField = (typeof historyFields)[number];

export interface FieldChange {
  field: HistoryField;
  before: unknown;
  after: unknown;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false;

/**
 * The fields an audit row changed. Ids, timestamps and the organisation/branch are left out: they
 * say nothing to a reader. A row without a `before` (added, imported) lists what was filled in; the
 * expiry job stores only the fields it touched, so a field absent on one side is not a change.
 */
export function historyChanges(before: unknown, after: unknown): FieldChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  if (from === null && to === null) return [];
  return historyFields.flatMap((field) => {
    if (from === null) return isEmpty(to![field]) ? [] : [{ field, before: undefined, after: to![field] }];
    if (to === null) return isEmpty(from[field]) ? [] : [{ field, before: from[field], after: undefined }];
    if (!(field in from) || !(field in to)) return [];
    return from[field] === to[field] ? [] : [{ field, before: from[field], after: to[field] }];
  });
}

export interface ValueContext {
  t: TFunction;
  locale: string;
  /** The organisation's zone, so a change's time reads as the library's clock (like 'Today'). */
  timeZone?: string | undefined;
  /** Names of the rooms, packages and fee structures the values point at, when known. */
  names: { room: Map<number, string>; package: Map<number, string>; feeStructure: Map<number, string> };
}

/** "08:00:00" as "08:00": the seconds are always zero for a daily window. */
export const formatTime = (value: string) => (/^\d\d:\d\d:00$/.test(value) ? value.slice(0, 5) : value);

/** One field's value as a sentence fragment: labels for codes, names for ids, dates in the locale. */
export function formatValue(field: HistoryField, value: unknown, ctx: ValueContext): string {
  const { t, locale, names } = ctx;
  if (value === undefined || value === null || value === '') return t('memberProfile.none');
  const named = (map: Map<number, string>, fallback: string) =>
    typeof value === 'number' ? (map.get(value) ?? fallback) : String(value);
  switch (field) {
    case 'status':
      return value === true ? t('memberProfile.statusActive') : t('memberProfile.statusInactive');
    case 'inactiveReason':
      return value === 'expired'
        ? t('memberProfile.reasonExpired')
        : value === 'deactivated'
          ? t('memberProfile.reasonDeactivated')
          : String(value);
    case 'nextDayExit':
    case 'addedToBiometricMachine':
      return value === true ? t('memberProfile.yes') : t('memberProfile.no');
    case 'validFrom':
    case 'validTill':
    case 'joinedOn':
      return formatDate(String(value), locale);
    case 'entryTime':
    case 'exitTime':
      return formatTime(String(value));
    case 'roomId':
      return named(names.room, t('memberProfile.roomFallback', { id: String(value) }));
    case 'packageId':
      return named(names.package, t('memberProfile.packageFallback', { id: String(value) }));
    case 'feeStructureId':
      return named(names.feeStructure, t('memberProfile.feeStructureFallback', { id: String(value) }));
    default:
      return String(value);
  }
}

/** Ids of rooms, packages and fee structures that history rows mention, to look their names up. */
export function referencedIds(rows: { before: unknown; after: unknown }[]) {
  const ids = { room: new Set<number>(), package: new Set<number>(), feeStructure: new Set<number>() };
  for (const row of rows) {
    for (const side of [asRecord(row.before), asRecord(row.after)]) {
      if (side === null) continue;
      if (typeof side.roomId === 'number') ids.room.add(side.roomId);
      if (typeof side.packageId === 'number') ids.package.add(side.packageId);
      if (typeof side.feeStructureId === 'number') ids.feeStructure.add(side.feeStructureId);
    }
  }
  return ids;
}
