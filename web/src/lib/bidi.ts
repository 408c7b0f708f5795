/*
 * Right-to-left pages show English and German text: a sentence mixing words, numbers and
 * punctuation ("894 payments · total ₹19,75,800.00 · 15 void") is then reordered by the page's
 * direction into "payments · total … · 15 void 894" (issue 35, point 9). Such runs are isolated:
 * their own direction comes from their first strong character, and the page's direction only places
 * them. In JSX use <bdi>; where a component takes only a string (MUI's pager), `isolate` wraps it in
 * the Unicode isolate marks that do the same.
 */

/** First Strong Isolate ... Pop Directional Isolate: plain text's <bdi>. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * Left-to-right isolate ... Pop Directional Isolate: a range of times or dates ('06:00–14:00',
 * '01/12/2026 – 31/12/2026') read left to right whatever the page's direction. Digits have no
 * direction of their own, so a right-to-left page drew '14:00–06:00' for 06:00–14:00 (issue 41,
 * point 8), and `isolate` (first strong character) finds none in them to go by.
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
