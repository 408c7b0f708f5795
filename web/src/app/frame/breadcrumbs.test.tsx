import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { crumbLabel, FrameBreadcrumbs, pageTitle, readableSegment } from './FrameBreadcrumbs';

describe('breadcrumb segments', () => {
  it('read as words', () => {
    expect(readableSegment('feeStructures')).toBe('Fee Structures');
    expect(readableSegment('inactive_users')).toBe('Inactive Users');
  });

  it("keep the specification's URL spelling out of the words", () => {
    expect(readableSegment('branche-payments')).toBe('Branch Payments');
  });
});

// Issue 14 point 6: crumbs stayed English in German, and a crumb named a path that is no page.
describe('breadcrumb words in the language on screen', () => {
  const tIn = (language: 'en' | 'de') => i18n.getFixedT(language);

  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it("use the menu's names and the crumbs texts", async () => {
    await i18n.loadLanguages('de');
    const de = tIn('de');
    expect(crumbLabel(de, '/app/feeStructures', 'feeStructures')).toBe('Gebührenstruktur');
    expect(crumbLabel(de, '/app/users', 'users')).toBe('Aktive Mitglieder');
    expect(crumbLabel(de, '/app/UserProfile', 'UserProfile')).toBe('Mitgliedsprofil');
    expect(crumbLabel(de, '/app/UserProfile/7', '7')).toBe('7');
    expect(pageTitle(de, '/app/branche-payments')).toBe('Filialzahlungen');
    expect(pageTitle(tIn('en'), '/app/branche-payments')).toBe('Branch Payments');
  });

  it('link only the segments that are pages', async () => {
    await i18n.changeLanguage('de');
    renderPage(<FrameBreadcrumbs />, '/app/UserProfile/7');
    const trail = await screen.findByRole('navigation', { name: 'Brotkrümelnavigation' });
    expect(trail.textContent).toBe('Sie sind hier: App / Mitgliedsprofil / 7');
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['App']);
  });
});
