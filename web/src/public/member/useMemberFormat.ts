import { useTranslation } from 'react-i18next';
import type { PortalSummary } from '@app/contract/portal';
import { formatMoney } from '@app/contract/money';
import { displayLocale, formatDate, formatLongDate } from '../../lib/dates';

/** Money and dates as the member's language writes them, in the organisation's currency and region. */
export function useMemberFormat(summary: PortalSummary) {
  const { i18n } = useTranslation();
  const locale = displayLocale(i18n.language, summary.organisation.locale);
  return {
    money: (minor: number) => formatMoney(minor, summary.organisation.currency, locale),
    date: (day: string) => formatDate(day, locale),
    longDate: (day: string) => formatLongDate(day, locale),
    locale,
  };
}
