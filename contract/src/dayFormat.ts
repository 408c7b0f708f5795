// Calendar dates as a person reads them (issue 34): the API's error texts and member messages write
// a day the way the organisation's screens do ('27/12/2026' in en-IN, '27.12.2026' in de-DE), never
// ISO. The web's formatDate (web/src/lib/dates.ts) uses the same options.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string): Intl.DateTimeFormat {
  let f = formatters.get(locale);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      });
    } catch {
      // A locale the runtime does not know: the product's default reading.
      f = new Intl.DateTimeFormat('en-IN', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      });
    }
    formatters.set(locale, f);
  }
  return f;
}

/** 'YYYY-MM-DD' in the locale's numeric form; anything that is not such a date comes back as given. */
export function formatDay(iso: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const day = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? iso : formatterFor(locale).format(day);
}
