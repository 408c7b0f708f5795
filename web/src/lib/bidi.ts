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
