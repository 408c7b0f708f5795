import type { OrganisationSettings, OrganisationSettingsInput } from '@app/contract/settings';
import { clientDetailsSchema } from '@app/contract/session';
import { cookieKeys } from '@app/contract/sessionKeys';
import { get, put } from '../../lib/api';
import { readCookie, writeCookie } from '../../lib/session';

export const getSettings = (signal?: AbortSignal) =>
  get<OrganisationSettings>('/settings/getSettings', { signal });

export const saveSettings = (input: OrganisationSettingsInput) =>
  put<OrganisationSettings>('/settings/updateSettings', input);

/**
 * The clientDetails and paymentDisabled cookies follow the saved settings at once, so money, dates
 * and the payment actions everywhere use them without signing in again.
 */
export function writeSettingsCookies(settings: OrganisationSettings): void {
  const raw = readCookie(cookieKeys.clientDetails);
  const parsed = raw === null ? undefined : clientDetailsSchema.safeParse(JSON.parse(raw));
  const clientId = parsed?.success ? parsed.data.clientId : 0;
  const details = {
    clientId,
    name: settings.name,
    currency: settings.currency,
    locale: settings.locale,
    timezone: settings.timezone,
    devanagariDigits: settings.devanagariDigits,
  };
  writeCookie(cookieKeys.clientDetails, JSON.stringify(details));
  writeCookie(cookieKeys.paymentDisabled, String(settings.paymentDisabled));
}
