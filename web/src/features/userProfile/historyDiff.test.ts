import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { formatValue, historyChanges, referencedIds } from './historyDiff';
import type { ValueContext } from './historyDiff';
import { testMember } from '../users/testData';

const base = testMember({
  mobile: '9876543210',
  validTill: '2026-01-31',
  roomId: 2,
  seatNumber: 12,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});

const ctx: ValueContext = {
  t: i18n.getFixedT('en'),
  locale: 'en-IN',
  names: { room: new Map([[2, 'Reading Room 1']]), package: new Map(), feeStructure: new Map() },
};

describe('member history differences', () => {
  it('lists only the fields an edit changed, in form order, never ids or timestamps', () => {
    const after = {
      ...base,
      validTill: '2026-02-28',
      mobile: '9876500000',
      updatedAt: '2026-01-05T00:00:00.000Z',
    };
    expect(historyChanges(base, after)).toEqual([
      { field: 'mobile', before: '9876543210', after: '9876500000' },
      { field: 'validTill', before: '2026-01-31', after: '2026-02-28' },
    ]);
  });

  it('lists what a new member was filled with, leaving empty fields out', () => {
    const fields = historyChanges(null, base).map((c) => c.field);
    expect(fields).toEqual([
      'name',
      'mobile',
      'status',
      'validFrom',
      'validTill',
      'joinedOn',
      'entryTime',
      'exitTime',
      'roomId',
      'seatNumber',
    ]);
  });

  it("reads the expiry job's partial rows as the status and reason change only", () => {
    expect(historyChanges({ status: true }, { status: false, inactiveReason: 'expired' })).toEqual([
      { field: 'status', before: true, after: false },
    ]);
  });

  it('gives nothing for rows without objects', () => {
    expect(historyChanges(null, null)).toEqual([]);
    expect(historyChanges('x', 3)).toEqual([]);
  });

  it('shows values with labels: status, reason, yes/no, dates, times, names for ids', () => {
    expect(formatValue('status', false, ctx)).toBe('Inactive');
    expect(formatValue('inactiveReason', 'deactivated', ctx)).toBe('Deactivated');
    expect(formatValue('nextDayExit', true, ctx)).toBe('Yes');
    expect(formatValue('validTill', '2026-02-28', ctx)).toBe('28/02/2026');
    expect(formatValue('entryTime', '08:30:00', ctx)).toBe('08:30');
    expect(formatValue('roomId', 2, ctx)).toBe('Reading Room 1');
    expect(formatValue('roomId', 9, ctx)).toBe('Room #9');
    expect(formatValue('email', null, ctx)).toBe('—');
    expect(formatValue('name', 'Asha', ctx)).toBe('Asha');
  });

  it('uses German labels in German', async () => {
    await i18n.loadLanguages('de');
    const de = { ...ctx, t: i18n.getFixedT('de'), locale: 'de' };
    expect(formatValue('status', true, de)).toBe('Aktiv');
    expect(formatValue('packageId', 4, de)).toBe('Paket Nr. 4');
  });

  it('collects the rooms, packages and fee structures rows refer to', () => {
    const ids = referencedIds([
      { before: { ...base, roomId: 1 }, after: { ...base, packageId: 5 } },
      { before: null, after: { ...base, feeStructureId: 3 } },
    ]);
    expect([...ids.room].sort()).toEqual([1, 2]);
    expect([...ids.package]).toEqual([5]);
    expect([...ids.feeStructure]).toEqual([3]);
  });
});
