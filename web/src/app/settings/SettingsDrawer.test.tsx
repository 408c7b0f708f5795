import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { defaultUiSettings, getUiSettings, updateUiSettings } from '../../lib/uiSettings';
import { paletteKeys } from '../../lib/theme/palettes';
import { SettingsDrawer } from './SettingsDrawer';
import { SettingsPanel } from './SettingsToggle';
import { loadRtlCache } from '../theme/emotionCache';

function swatches() {
  return within(screen.getByRole('group', { name: 'Palette' })).getAllByRole('button');
}

describe('SettingsDrawer', { timeout: 20_000 }, () => {
  beforeEach(() => updateUiSettings(defaultUiSettings));
  afterEach(async () => {
    updateUiSettings(defaultUiSettings);
    await i18n.changeLanguage('en');
  });

  it('shows 9 palettes, all 17 after Show All, and 9 again after Hide Some', () => {
    render(<SettingsDrawer open onClose={() => {}} />);
    expect(swatches()).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(swatches()).toHaveLength(17);
    expect(swatches().map((swatch) => swatch.getAttribute('aria-label'))).toContain('Sultan');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Some' }));
    expect(swatches()).toHaveLength(9);
    expect(screen.getByRole('button', { name: 'Show All' })).toBeTruthy();
  });

  it('marks the selected palette and stores a new choice', () => {
    render(<SettingsDrawer open onClose={() => {}} />);
    const pressed = swatches().filter((swatch) => swatch.getAttribute('aria-pressed') === 'true');
    expect(pressed.map((swatch) => swatch.getAttribute('aria-label'))).toEqual(['Ultra Violet']);
    fireEvent.click(screen.getByRole('button', { name: 'Ruby' }));
    expect(getUiSettings().theme).toBe('redTheme');
    expect(screen.getByRole('button', { name: 'Ruby' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches mode and direction', async () => {
    render(<SettingsDrawer open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Right to left' }));
    // rtl turns on once its styles' code has loaded.
    await waitFor(() => expect(getUiSettings()).toMatchObject({ type: 'dark', direction: 'rtl' }));
    expect((screen.getByRole('switch', { name: 'Right to left' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(getUiSettings().type).toBe('light');
  });

  it('keeps ltr when rtl is turned off again before its styles have loaded', async () => {
    render(<SettingsDrawer open onClose={() => {}} />);
    const rtl = screen.getByRole('switch', { name: 'Right to left' }) as HTMLInputElement;
    fireEvent.click(rtl);
    expect(rtl.checked).toBe(true); // at once, while the code loads
    fireEvent.click(rtl);
    await loadRtlCache();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getUiSettings().direction).toBe('ltr');
    expect(rtl.checked).toBe(false);
  });

  it('offers the four layouts on the Layout tab', () => {
    render(<SettingsDrawer open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Layout' }));
    const tiles = within(screen.getByRole('group', { name: 'Layout' })).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Left sidebar',
      'Top navigation',
      'Mega menu',
      'Right sidebar',
    ]);
    expect(tiles[1]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(tiles[3]!);
    expect(getUiSettings().layout).toBe('right-sidebar');
  });

  it('is opened by the floating toggle and closed by its close button', async () => {
    function Panel() {
      const [open, setOpen] = useState(false);
      return <SettingsPanel open={open} onOpenChange={setOpen} floating />;
    }
    render(<Panel />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(drawer).getByRole('tab', { name: 'Theme', selected: true })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close settings' }));
    expect(await screen.findByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('has no floating toggle where the frame asks for none (phones: it covered actions)', () => {
    render(<SettingsPanel open={false} onOpenChange={() => undefined} floating={false} />);
    expect(screen.queryByRole('button', { name: 'Open settings' })).toBeNull();
  });

  it('names every palette in English and German', async () => {
    const en = paletteKeys.map((key) =>
      i18n.t(`settings.paletteNames.${key}` as 'settings.paletteNames.goldTheme'),
    );
    await i18n.changeLanguage('de');
    const de = paletteKeys.map((key) =>
      i18n.t(`settings.paletteNames.${key}` as 'settings.paletteNames.goldTheme'),
    );
    expect(new Set(en).size).toBe(17);
    expect(new Set(de).size).toBe(17);
    expect(de).toContain('Roségold');
  });
});
