// The check-in page's one date module (lib/dates.test allows it). The member's own page formats its
// money and dates on the server now (issue 45, point 1; api/src/modules/portal/page/format.ts).

/** A calendar date ('2026-10-16') at UTC midnight, so no time zone moves it to another day. */
const utcDay = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** A date as the phone writes it in the member's language ('7 Dec 2026'), for the check-in page. */
export const phoneDate = (language: string, day: string) =>
  // Hindi with Latin digits ('7 दिस॰ 2026'), as the staff app writes it (docs/hindi-glossary.md).
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : language === 'hi' ? 'hi-IN-u-nu-latn' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(day));
