import { clientDetailsSchema } from '@app/contract/session';
import { readOrgMoney } from '../../lib/form/money';
import { readCookie } from '../../lib/session';
import { todayIn } from './validityTimeline';

/** The organisation's time zone from the clientDetails cookie; undefined lets Intl use the browser's. */
export function orgTimeZone(): string | undefined {
  const raw = readCookie('clientDetails');
  if (raw === null) return undefined;
  try {
    const parsed = clientDetailsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.timezone : undefined;
  } catch {
    return undefined;
  }
}

/** Today's date where the library is (branches of one organisation share its zone for this view). */
export const orgToday = () => todayIn(orgTimeZone());

/** The locale dates are shown in, the same one the tables use. */
export const orgLocale = () => readOrgMoney().locale;
