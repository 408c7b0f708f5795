import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

// Issue 35 point 7: the bar charts' category labels show under the band axis, every one of them,
// turned when narrow, never ellipsized; value axes are wide enough for their labels ('1,5 Mio. ₹').

const charts = [
  { en: 'Collections and expenses by month', de: 'Einnahmen und Ausgaben je Monat' },
  { en: 'New members, renewals and lapses', de: 'Neue Mitglieder, Verlängerungen und Abgänge' },
  { en: 'Branch comparison', de: 'Filialvergleich' },
];

async function openAnalytics(page: Page, locale: 'en' | 'de', type: 'light' | 'dark', css?: string) {
  await signIn(page);
  await page.evaluate(
    ({ locale, type }) => {
      localStorage.setItem('locale', locale);
      localStorage.setItem('uiSettings', JSON.stringify({ type }));
    },
    { locale, type },
  );
  if (css)
    await page.addInitScript((rule) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = rule;
        document.head.append(style);
      });
    }, css);
  await page.goto('/app/analytics');
}

/** The card of a chart: the heading's Paper. */
const cardOf = (page: Page, title: string) =>
  page.getByRole('heading', { name: title, exact: true }).locator('xpath=../..');

/** The categories a chart shows: the first column of its figures table (in the DOM even while hidden). */
async function categories(card: Locator): Promise<string[]> {
  return card.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')!.textContent!));
}

/** Tick labels of the chart's axes, with whether each lies inside the chart's SVG. */
async function tickLabels(card: Locator, axis: 'X' | 'Y') {
  return card.locator('svg:has(.MuiChartsAxis-root)').evaluate((svg, axis) => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll(`.MuiChartsAxis-direction${axis} .MuiChartsAxis-tickLabel`)].map(
      (label) => {
        const r = label.getBoundingClientRect();
        const inside =
          r.left >= box.left - 0.5 &&
          r.right <= box.right + 0.5 &&
          r.top >= box.top - 0.5 &&
          r.bottom <= box.bottom + 0.5;
        return { text: label.textContent ?? '', inside };
      },
    );
  }, axis);
}

async function expectAllLabels(page: Page, locale: 'en' | 'de', { values = true } = {}) {
  for (const chart of charts) {
    const card = cardOf(page, chart[locale]);
    // The charts' code and the figures are loaded first: on a busy machine that took over 10 s.
    await expect(card.locator('svg .MuiChartsAxis-tickLabel').first()).toBeVisible({ timeout: 45_000 });
    const expected = await categories(card);
    expect(expected.length, chart.en).toBeGreaterThan(0);
    // The axis lays its labels out once it has measured them: wait for that.
    await expect
      .poll(async () => (await tickLabels(card, 'X')).map((l) => l.text), {
        message: `${chart.en}: every category under its bar`,
      })
      .toEqual(expected);
    const x = await tickLabels(card, 'X');
    expect(
      x.filter((l) => !l.inside),
      `${chart.en}: labels inside the chart`,
    ).toEqual([]);
    if (!values) continue;
    const y = await tickLabels(card, 'Y');
    expect(y.length, chart.en).toBeGreaterThan(1);
    expect(
      y.filter((l) => l.text.includes('…') || !l.inside),
      `${chart.en}: value labels whole`,
    ).toEqual([]);
  }
}

for (const { locale, type, width } of [
  { locale: 'en', type: 'light', width: 1280 },
  { locale: 'de', type: 'light', width: 1280 },
  { locale: 'de', type: 'dark', width: 1366 },
  { locale: 'en', type: 'dark', width: 375 },
  { locale: 'de', type: 'light', width: 375 },
] as const) {
  test(`analytics bar charts label every category and value (${locale}, ${type}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAnalytics(page, locale, type);
    await expectAllLabels(page, locale);
  });
}

test('the labels stay with a font taller than ours (MUI X gave the axis 25 px and emptied taller labels)', async ({
  page,
}) => {
  // Label boxes over 16 px tall, the room MUI X left them, as a font with taller metrics makes at
  // 12 px (Noto Sans, the fallback sans on many Linux desktops: 16.3 px; ours here: 14 px).
  await openAnalytics(
    page,
    'en',
    'light',
    // The x axis and MUI X's hidden measuring SVG; the value axes' widths are measured by the page.
    ".MuiChartsAxis-directionX text, body > svg[aria-hidden='true'] text { font-size: 15px !important; }",
  );
  // The forced size reaches MUI X's measuring of value labels too, which the page sizes at 12 px.
  await expectAllLabels(page, 'en', { values: false });
});
