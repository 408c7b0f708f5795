// The member page's look (issue 37): no MUI on this page, so it stays small on a phone. Colours come
// as custom properties (--mp-*, memberPageColours.ts: the organisation's palette in the phone's light
// or dark mode); sizes follow MUI's (Roboto, 8 px spacing, 4/8 px radii). Scoped to .mp. The server
// draws the member page with it inlined (issue 45, point 1; api/src/modules/portal/page), and the
// check-in page of the web's small member entry (web/src/member/CheckInPage.tsx) uses it too.

export const memberPageCss = `
.mp {
  min-height: 100vh;
  box-sizing: border-box;
  padding: 0 0 32px;
  /* Devanagari: the phone's own font, else the page's (issue 48; api portal/page/fontRoute.ts). */
  font-family: 'Roboto', 'Helvetica', 'Arial', 'Noto Sans Devanagari', sans-serif;
  font-size: 1rem;
  line-height: 1.5;
  color: var(--mp-text);
  background: var(--mp-bg);
  -webkit-font-smoothing: antialiased;
}
.mp *,
.mp *::before,
.mp *::after {
  box-sizing: inherit;
}
body:has(.mp) {
  margin: 0;
}
.mp p,
.mp h1,
.mp h2,
.mp h3,
.mp ul,
.mp dl {
  margin: 0;
}
.mp-header {
  /* The header's text lines up with the cards' column on a wide screen. */
  padding: 24px max(16px, calc((100% - 536px) / 2)) 40px;
  background: var(--mp-primary);
  color: var(--mp-on-primary);
}
.mp-header h1 {
  font-size: 1.5rem;
  font-weight: 500;
  line-height: 1.3;
}
.mp-org,
.mp-branch {
  font-size: 0.875rem;
}
.mp-cards {
  display: grid;
  gap: 12px;
  max-width: 560px;
  margin: -24px auto 0;
  padding: 0 12px;
}
.mp-card {
  background: var(--mp-paper);
  border-radius: 8px;
  padding: 16px;
  box-shadow:
    0 2px 1px -1px rgba(0, 0, 0, 0.2),
    0 1px 1px 0 rgba(0, 0, 0, 0.14),
    0 1px 3px 0 rgba(0, 0, 0, 0.12);
  display: grid;
  gap: 8px;
}
.mp-card h2 {
  font-size: 0.8125rem;
  font-weight: 500;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: var(--mp-text-2);
}
/* Devanagari (issue 48): no letter spacing, which breaks the headline joining a word's letters, and
   the small headings a step larger, since its letters sit smaller than Latin ones at one size. */
:lang(hi) .mp-card h2 {
  font-size: 0.875rem;
  letter-spacing: 0;
}
:lang(hi) .mp-button {
  letter-spacing: 0;
}
.mp-card h3 {
  font-size: 1rem;
  font-weight: 500;
}
.mp-big {
  font-size: 1.25rem;
  font-weight: 500;
}
.mp-muted {
  color: var(--mp-text-2);
}
.mp-small {
  font-size: 0.8125rem;
}
.mp-mono {
  font-family: 'Roboto Mono', ui-monospace, monospace;
  letter-spacing: 0.1em;
}
.mp-bad {
  color: var(--mp-error);
}
.mp-warn {
  color: var(--mp-warn);
}
.mp-row {
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
}
.mp-chip {
  display: inline-block;
  padding: 2px 10px;
  border-radius: 16px;
  font-size: 0.8125rem;
  font-weight: 500;
  white-space: nowrap;
}
.mp-chip-ok {
  background: #2e7d32;
  color: #fff;
}
/* Chip colours hold 4.5:1 with their text in both modes (axe, e2e/tests/portal.spec.ts). */
.mp-chip-bad {
  background: #c62828;
  color: #fff;
}
.mp-chip-wait {
  background: #ed6c02;
  color: rgba(0, 0, 0, 0.87);
}
.mp-list {
  list-style: none;
  padding: 0;
  display: grid;
}
.mp-list li {
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  padding: 8px 0;
  border-bottom: 1px solid var(--mp-divider);
}
.mp-list li:last-child {
  border-bottom: 0;
}
.mp-compact li {
  padding: 4px 0;
}
.mp-pairs {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 16px;
  align-items: center;
}
.mp-pairs dt {
  color: var(--mp-text-2);
}
.mp-pairs dd {
  margin: 0;
}
.mp-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: 6px 16px;
  border: 1px solid transparent;
  border-radius: 4px;
  background: var(--mp-primary);
  color: var(--mp-on-primary);
  font: inherit;
  font-size: 0.875rem;
  font-weight: 500;
  letter-spacing: 0.03em;
  text-transform: uppercase;
  text-decoration: none;
  text-align: center;
  cursor: pointer;
}
.mp-button:disabled {
  opacity: 0.6;
  cursor: default;
}
.mp-button:focus-visible,
.mp input:focus-visible,
.mp select:focus-visible {
  outline: 2px solid var(--mp-primary);
  outline-offset: 2px;
}
.mp-outlined {
  background: transparent;
  color: var(--mp-primary);
  border-color: var(--mp-primary);
}
.mp-text {
  background: transparent;
  color: var(--mp-primary);
  min-height: 32px;
  padding: 4px 8px;
}
.mp-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
}
.mp-actions .mp-button {
  flex: 1 1 auto;
}
.mp-offer,
.mp-form,
.mp-claims {
  display: grid;
  gap: 8px;
  padding-top: 12px;
  border-top: 1px solid var(--mp-divider);
}
.mp-offer:first-of-type {
  border-top: 0;
  padding-top: 0;
}
.mp-qr {
  justify-self: center;
  width: 240px;
  max-width: 100%;
  height: auto;
  background: #fff;
  padding: 8px;
  border-radius: 4px;
}
.mp-form label {
  display: grid;
  gap: 4px;
  font-size: 0.875rem;
  color: var(--mp-text-2);
}
.mp-form input,
.mp-form select {
  font: inherit;
  font-size: 1rem;
  color: var(--mp-text);
  background: var(--mp-paper);
  border: 1px solid var(--mp-divider);
  border-radius: 4px;
  padding: 10px 12px;
  min-height: 44px;
}
.mp-form input[aria-invalid='true'] {
  border-color: var(--mp-error);
}
.mp-alert {
  background: var(--mp-error-bg);
  color: var(--mp-error-text);
  border-radius: 4px;
  padding: 8px 12px;
  display: grid;
  gap: 8px;
}
.mp > .mp-alert,
.mp > .mp-note {
  max-width: 560px;
  margin: 32px auto;
}
.mp-note {
  text-align: center;
  color: var(--mp-text-2);
}
.mp-ok {
  color: var(--mp-ok);
  font-weight: 500;
}

/* The check-in's result (issue 47): large, green or red, readable at arm's length. */
.mp-checkin {
  margin: 24px 16px;
  padding: 32px 16px;
  border-radius: 8px;
  text-align: center;
  color: #fff;
  font-size: 1.5rem;
  font-weight: 500;
}
.mp-checkin h1 {
  font-size: 1.75rem;
  margin-bottom: 8px;
}
.mp-checkin-ok {
  background: #2e7d32;
}
.mp-checkin-refused {
  background: #c62828;
}

/* Drawn on the server (issue 45, point 1): what opens without script is a <details>. */
.mp details > summary {
  list-style: none;
}
.mp details > summary::-webkit-details-marker {
  display: none;
}
.mp details[open] > summary.mp-button {
  margin-bottom: 8px;
}
.mp-shown {
  display: none;
}
.mp details[open] .mp-shown {
  display: inline;
}
.mp details[open] .mp-hidden {
  display: none;
}
.mp-qr svg,
svg.mp-qr {
  display: block;
}
.mp-qr-box {
  display: grid;
}
/* The seat grid (issue 45, point 5): each seat a button of one form, free ones enabled. */
.mp-seats {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(44px, 1fr));
  gap: 6px;
  border: 0;
  margin: 8px 0 0;
  padding: 0;
}
.mp-seats legend {
  padding: 0 0 4px;
  color: var(--mp-text-2);
}
.mp-seat {
  min-height: 44px;
  border: 1px solid var(--mp-primary);
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
}
.mp-seat:disabled {
  opacity: 0.4;
  cursor: default;
  text-decoration: line-through;
}
.mp-seat-held:disabled,
.mp-seat-yours:disabled {
  opacity: 1;
  text-decoration: none;
  background: var(--mp-primary);
  color: var(--mp-on-primary);
}
/* What only the page's script shows (Copy) stays hidden without it, whatever its class says. */
.mp [hidden] {
  display: none !important;
}
`;

/** The stylesheet without comments and needless white space, as a page inlines it. */
export const minifiedCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
