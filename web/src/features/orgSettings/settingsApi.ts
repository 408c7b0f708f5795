import { organisationSettingsSchema } from '@app/contract/settings';
import type { OrganisationSettings, OrganisationSettingsInput } from '@app/contract/settings';
import { clientDetailsSchema, cookieKeys } from '@app/contract/session';
import { get, put } from '../../lib/api';
import { readCookie, writeCookie } from '../../lib/session';

export const getSettings = (signal?: AbortSignal) =>
  get('/settings/getSettings', { schema: organisationSettingsSchema, signal });

export const saveSettings = (input: OrganisationSettingsInput) =>
  put('/settings/updateSettings', input, { schema: organisationSettingsSchema });

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
  };
  writeCookie(cookieKeys.clientDetails, JSON.stringify(details));
  writeCookie(cookieKeys.paymentDisabled, String(settings.paymentDisabled));
}
