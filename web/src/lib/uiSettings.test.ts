import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('UI settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    document.dir = '';
    vi.resetModules();
  });

  it('starts from the defaults of the specification', async () => {
    const { getUiSettings } = await import('./uiSettings');
    expect(getUiSettings()).toEqual({
      theme: 'purpleTheme',
      type: 'light',
      direction: 'ltr',
      layout: 'top-navigation',
      sidebarOpen: true,
    });
    expect(document.dir).toBe('ltr');
  });

  it("persists every change under the single key 'uiSettings'", async () => {
    const { updateUiSettings } = await import('./uiSettings');
    updateUiSettings({ theme: 'goldTheme', type: 'dark', direction: 'rtl' });
    expect(localStorage.length).toBe(1);
    expect(JSON.parse(localStorage.getItem('uiSettings') ?? '{}')).toEqual({
      theme: 'goldTheme',
      type: 'dark',
      direction: 'rtl',
      layout: 'top-navigation',
      sidebarOpen: true,
    });
    expect(document.dir).toBe('rtl');
  });

  it('reads stored settings when the module loads and repairs unknown values field by field', async () => {
    localStorage.setItem(
      'uiSettings',
      JSON.stringify({
        theme: 'noSuchTheme',
        type: 'dark',
        direction: 'rtl',
        layout: 'mega-menu',
        sidebarOpen: false,
      }),
    );
    const { getUiSettings } = await import('./uiSettings');
    expect(getUiSettings()).toEqual({
      theme: 'purpleTheme',
      type: 'dark',
      direction: 'rtl',
      layout: 'mega-menu',
      sidebarOpen: false,
    });
    expect(document.dir).toBe('rtl');
  });

  it('falls back to the defaults when the stored value is not JSON', async () => {
    localStorage.setItem('uiSettings', '{broken');
    const { getUiSettings } = await import('./uiSettings');
    expect(getUiSettings().theme).toBe('purpleTheme');
  });
});
