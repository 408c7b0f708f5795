import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import './i18n';
import { displayLocale, formatDate, formatDateTime, inputLocale, parseDateInput } from './dates';
import { formatOrgMoney } from './form/money';
import { DateField } from './form/DateField';
import { formatCount } from './numbers';
import { localeFor } from './screenLocale';

// Issue 48, point 2: an organisation's setting writes Hindi screens with Devanagari digits
// (hi-IN-u-nu-deva); off, and on every German or English screen, Latin digits. Inputs keep Latin digits.

/** The sign-in cookie as the API's answer writes it (devanagariDigits absent in one written before it). */
function signedIn(devanagariDigits?: boolean) {
  const details = {
    clientId: 1,
    name: 'Org',
    currency: 'INR',
    locale: 'hi-IN',
    timezone: 'Asia/Kolkata',
    ...(devanagariDigits !== undefined && { devanagariDigits }),
  };
  document.cookie = `clientDetails=${encodeURIComponent(JSON.stringify(details))}; path=/`;
}

afterEach(async () => {
  document.cookie = 'clientDetails=; path=/; max-age=0';
  await i18n.changeLanguage('en');
});

describe('Devanagari digits, an organisation setting', () => {
  it("writes a number put into a sentence in the screen's digits; strings (codes) stay as they are", async () => {
    signedIn(true);
    await i18n.changeLanguage('hi');
    i18n.addResource('hi', 'translation', 'digitsProbe', '{{count}} भुगतान · रसीद {{receipt}}');
    expect(i18n.t('digitsProbe' as never, { count: 914, receipt: 'DL-B2-2026-27' })).toBe(
      '९१४ भुगतान · रसीद DL-B2-2026-27',
    );
    signedIn(false);
    expect(i18n.t('digitsProbe' as never, { count: 914, receipt: 'DL-B2-2026-27' })).toBe(
      '914 भुगतान · रसीद DL-B2-2026-27',
    );
  });

  it('gives Hindi the Devanagari numbering only when asked, whatever the organisation locale', () => {
    expect(localeFor('hi', 'hi-IN', true)).toBe('hi-IN-u-nu-deva');
    expect(localeFor('hi', 'en-IN', true)).toBe('hi-IN-u-nu-deva');
    expect(localeFor('hi', 'hi-IN', false)).toBe('hi-IN-u-nu-latn');
    expect(localeFor('de', 'hi-IN', true)).toMatch(/^de(-IN)?$/);
    expect(localeFor('en', 'en-IN', true)).toBe('en-IN');
  });

  it('writes a Hindi screen in Devanagari digits with the setting on: money, dates, counts', async () => {
    signedIn(true);
    await i18n.changeLanguage('hi');
    expect(displayLocale()).toBe('hi-IN-u-nu-deva');
    expect(new Intl.NumberFormat(displayLocale()).format(1234567.5)).toBe('१२,३४,५६७.५');
    expect(formatOrgMoney(123456750)).toBe('₹१२,३४,५६७.५०');
    expect(formatDate('2026-10-16')).toBe('१६/१०/२०२६');
    expect(formatDateTime('2026-10-16T03:35:00Z')).toMatch(/^१६\/१०\/२०२६, /);
    expect(formatCount(1234567)).toBe('१२,३४,५६७');
    // What a person types stays Latin: the inputs' locale, and reading a typed date back.
    expect(inputLocale()).toBe('hi-IN-u-nu-latn');
    expect(parseDateInput('16/10/2026', inputLocale())).toBe('2026-10-16');
  });

  it('keeps Latin digits with the setting off, or absent from an older cookie', async () => {
    await i18n.changeLanguage('hi');
    for (const setting of [false, undefined]) {
      signedIn(setting);
      expect(formatOrgMoney(123456750)).toBe('₹12,34,567.50');
      expect(formatDate('2026-10-16')).toBe('16/10/2026');
      expect(formatCount(1234567)).toBe('12,34,567');
    }
  });

  it('leaves German and English screens as they were with the setting on', async () => {
    signedIn(true);
    await i18n.changeLanguage('de');
    expect(formatDate('2026-10-16')).toBe('16.10.2026');
    expect(formatOrgMoney(123456750)).not.toMatch(/[०-९]/);
    await i18n.changeLanguage('en');
    expect(formatDate('2026-10-16')).toBe('16/10/2026');
    expect(formatOrgMoney(123456750)).toBe('₹12,34,567.50');
  });

  it('writes a date input in Latin digits on a Hindi screen with the setting on', async () => {
    signedIn(true);
    await i18n.changeLanguage('hi');
    let picked: string | null = null;
    render(<DateField label="Date" value="2026-10-16" onChange={(date) => (picked = date)} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Date' });
    expect(input.value).toBe('16/10/2026');
    fireEvent.change(input, { target: { value: '17/10/2026' } });
    expect(picked).toBe('2026-10-17');
  });
});
