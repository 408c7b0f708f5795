import type { TFunction } from 'i18next';
import { windowLabel } from '@app/contract/seatWindows';
import { isolateLtr } from '../../lib/bidi';
import type { SeatAvailability } from '@app/contract/seats';

export type Seat = SeatAvailability['seats'][number];
type Holder = Seat['takenBy'][number];

/**
 * A holder as 'Asha Rao (08:00–14:00)'; 00:00–00:00 is the whole day. A seat a member chose on their
 * page and is paying for says so: 'Asha Rao (08:00–14:00, chosen on their page)'.
 */
export function holderLabel(t: TFunction, holder: Holder): string {
  const allDay = holder.entryTime === holder.exitTime;
  const window = allDay
    ? t('members.allDay')
    : `${isolateLtr(windowLabel(holder))}${holder.nextDayExit ? ` ${t('members.nextDayShort')}` : ''}`;
  return `${holder.name} (${window}${holder.held ? `, ${t('members.heldOnPage')}` : ''})`;
}

/** What a seat button says to a screen reader and in its tooltip. */
export function seatLabel(t: TFunction, seat: Seat): string {
  const holders = seat.takenBy.map((holder) => holderLabel(t, holder)).join(', ');
  if (!seat.free) return t('members.seatTaken', { number: seat.seatNumber, holders });
  if (seat.takenBy.length > 0) return t('members.seatShared', { number: seat.seatNumber, holders });
  return t('members.seatFree', { number: seat.seatNumber });
}
