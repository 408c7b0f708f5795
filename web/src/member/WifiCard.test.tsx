import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WifiUsage } from '@app/contract/portal';
import { WifiCard } from './MemberCards';
import { LanguageContext } from './useTexts';
import type { Language } from './texts';

// The WiFi card's usage (issue 45, point 6).
function show(usage: WifiUsage, language: Language = 'en') {
  return render(
    <LanguageContext.Provider value={language}>
      <WifiCard wifi={{ username: '9800000001', pin: '482913', usage }} />
    </LanguageContext.Provider>,
  );
}

describe("the member page's WiFi usage", () => {
  it('writes used, allowed, left and time left in German', () => {
    show({ usedBytes: 450_000_000, allowedBytes: 5_000_000_000, secondsLeft: 2 * 3600 + 30 * 60 }, 'de');
    expect(screen.getByTestId('wifi-used').textContent).toBe('450 MB');
    expect(screen.getByTestId('wifi-allowed').textContent).toBe('5 GB');
    expect(screen.getByTestId('wifi-left').textContent).toBe('4,55 GB');
    expect(screen.getByTestId('wifi-time-left').textContent).toBe('2 Std. 30 Min.');
    expect(screen.getByText('Verbrauchte Daten')).toBeTruthy();
  });

  it('says no limit for an unlimited package and shows no data left', () => {
    show({ usedBytes: 12_345_000_000, allowedBytes: null, secondsLeft: 40 * 86_400 });
    expect(screen.getByTestId('wifi-allowed').textContent).toBe('No limit');
    expect(screen.queryByTestId('wifi-left')).toBeNull();
    expect(screen.getByTestId('wifi-used').textContent).toBe('12.3 GB');
    expect(screen.getByTestId('wifi-time-left').textContent).toBe('40 d 0 h');
  });

  it('says the data is used up past the cap, never a negative rest', () => {
    show({ usedBytes: 11_000_000_000, allowedBytes: 10_000_000_000, secondsLeft: 86_400 });
    expect(screen.getByTestId('wifi-left').textContent).toBe('0 MB');
    expect(screen.getByText(/used up/)).toBeTruthy();
    expect(screen.getByRole('meter').getAttribute('value')).toBe('10000000000');
  });
});
