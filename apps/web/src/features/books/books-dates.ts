/** Days and months of the books in India time (the server reads them the same way). */
const IST = 5.5 * 3_600_000;

/** Today in India, YYYY-MM-DD. */
export const istToday = () => new Date(Date.now() + IST).toISOString().slice(0, 10);

/** This month in India, YYYY-MM. */
export const istMonth = () => istToday().slice(0, 7);

/** The first and last day of a month (YYYY-MM); the last is today for the month in progress. */
export function monthDays(month: string) {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const today = istToday();
  return { from: `${month}-01`, to: last > today && `${month}-01` <= today ? today : last };
}

/** "Nov 2026" for 2026-11. */
export function monthName(month: string) {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
