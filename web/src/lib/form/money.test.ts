import { afterEach, describe, expect, it } from 'vitest';
import { writeCookie } from '../session';
import { readOrgMoney } from './money';

const details = (currency: string, locale: string) =>
  JSON.stringify({ clientId: 1, name: 'Demo', currency, locale, timezone: 'Asia/Kolkata' });

afterEach(() => {
  document.cookie = 'clientDetails=; Path=/; Max-Age=0';
});

describe('readOrgMoney', () => {
  it('follows the clientDetails cookie each time it changes (read once per value)', () => {
    expect(readOrgMoney()).toEqual({ currency: 'USD', locale: 'en' }); // no cookie
    writeCookie('clientDetails', details('INR', 'en-IN'));
    expect(readOrgMoney()).toEqual({ currency: 'INR', locale: 'en-IN' });
    expect(readOrgMoney()).toEqual({ currency: 'INR', locale: 'en-IN' });
    writeCookie('clientDetails', details('EUR', 'de-DE'));
    expect(readOrgMoney()).toEqual({ currency: 'EUR', locale: 'de-DE' });
    writeCookie('clientDetails', details('EUR', 'not a locale!')); // a locale Intl refuses
    expect(readOrgMoney()).toEqual({ currency: 'USD', locale: 'en' });
    writeCookie('clientDetails', 'not json');
    expect(readOrgMoney()).toEqual({ currency: 'USD', locale: 'en' });
  });
});
