// Calendar arithmetic on ISO days (`YYYY-MM-DD`), the form a branch's local day takes in queries.
// Its own file, below the modules that use it, so attendance and the dashboard need not import each
// other for it (issue 35).

/** The ISO day `days` after (before, when negative) `iso`. */
export const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
