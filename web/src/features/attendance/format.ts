import { orgTimeZone } from '../../lib/dates';
import { readOrgMoney } from '../../lib/form/money';

/** An instant as the time of day in the organisation's time zone ('09:05'). */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(readOrgMoney().locale, {
    timeStyle: 'short',
    timeZone: orgTimeZone(),
  }).format(new Date(iso));
}

/** An instant as date and time in the organisation's time zone. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(readOrgMoney().locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: orgTimeZone(),
  }).format(new Date(iso));
}
