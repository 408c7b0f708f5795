// The member page's names without zod (the page's chunk stays small): its token header and the UPI link.

/** The header the member page sends its link's token in (never in a query string: URLs are logged). */
export const memberTokenHeader = 'member-token';

/** The upi:// request link of the NPCI linking specification; `am` always with two decimals. */
export function upiPayUri(p: {
  upiId: string;
  payeeName: string;
  amount: number;
  reference: string;
  note: string;
}): string {
  const value = (v: string) => encodeURIComponent(v);
  // Whole rupees and paise from the integer, never through a float (1005 paise is '10.05').
  const am = `${Math.floor(p.amount / 100)}.${String(p.amount % 100).padStart(2, '0')}`;
  return (
    `upi://pay?pa=${value(p.upiId)}&pn=${value(p.payeeName)}&am=${am}&cu=INR` +
    `&tr=${value(p.reference)}&tn=${value(p.note)}`
  );
}
