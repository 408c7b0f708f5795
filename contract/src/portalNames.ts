// The member page's names without zod (the page's chunk stays small): its token header and the UPI link.

/** The header the member page sends its link's token in (never in a query string: URLs are logged). */
export const memberTokenHeader = 'member-token';

/**
 * Where a phone keeps the address of the member page it opened last (localStorage), so that the
 * page added to the home screen, and check-in on that phone, find the member's link (issue 45, point 2).
 */
export const memberLinkStorageKey = 'memberLink';

/** A member page's web app manifest and icon, beside the page (/m/<token>): no header can carry a token there. */
export const memberManifestPath = (token: string) => `/m/${token}/manifest.webmanifest`;
export const memberIconPath = (token: string) => `/m/${token}/icon.svg`;

/** Longest `tn` a UPI app is sure to keep (NPCI's linking specification; most apps cut at 50). */
export const upiNoteLength = 50;

/**
 * The upi:// request link of the NPCI linking specification; `am` always with two decimals. The
 * reference goes in `tr` and at the end of the note `tn` too: banks keep the note in the statement's
 * narration, while `tr` is not shown to the payee (issue 45, point 3); the note is shortened to keep
 * the reference whole. `mc` (the merchant category code) only for a merchant UPI id: a personal id
 * sends none.
 */
export function upiPayUri(p: {
  upiId: string;
  payeeName: string;
  amount: number;
  reference: string;
  note: string;
  merchantCode?: string;
}): string {
  const value = (v: string) => encodeURIComponent(v);
  // Whole rupees and paise from the integer, never through a float (1005 paise is '10.05').
  const am = `${Math.floor(p.amount / 100)}.${String(p.amount % 100).padStart(2, '0')}`;
  const room = upiNoteLength - p.reference.length - 1;
  const note = `${p.note.slice(0, Math.max(0, room)).trim()} ${p.reference}`.trim();
  return (
    `upi://pay?pa=${value(p.upiId)}&pn=${value(p.payeeName)}` +
    (p.merchantCode ? `&mc=${value(p.merchantCode)}` : '') +
    `&am=${am}&cu=INR&tr=${value(p.reference)}&tn=${value(note)}`
  );
}
