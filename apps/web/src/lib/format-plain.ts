/**
 * Rupees and India Standard Time written out by hand, exactly as `Intl` writes them in en-IN (format.test.ts holds
 * them to it). A shop's first page formats its prices while it hydrates, and a page's first `Intl` formatter costs
 * the browser 30 ms or more of main thread (the ICU locale data is set up then), which a phone's throttled CPU turns
 * into a long task: issue 37. Each function answers null for what it does not cover (not finite, 10^15 or more,
 * dates before 1950, when Kolkata's offset was not yet +05:30 throughout); the caller then asks `Intl` (or the
 * contracts' formatter).
 */

/**
 * `abs` (0 <= abs < 10^15) with exactly `places` decimals, rounded half away from zero from its shortest decimal
 * form (`String(abs)`, as ICU rounds: 1.005 to two places is 1.01), grouped as en-IN groups: the last three
 * digits, then pairs (12,34,567.50).
 */
function indian(abs: number, places: number) {
  // Below 10^-6 String() writes an exponent; such an amount is 0 at two places anyway.
  const [whole = '0', fraction = ''] = abs < 1e-6 ? [] : String(abs).split('.');
  const up = (fraction[places] ?? '0') >= '5';
  const digits = (BigInt(whole + fraction.padEnd(places, '0').slice(0, places)) + BigInt(up))
    .toString()
    .padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/\B(?=(\d{2})*\d{3}$)/g, ',');
  return places ? `${int}.${digits.slice(-places)}` : int;
}

/** Like `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', … })`: -₹1,23,456 or ₹449.10. */
export const plainINR = (rupees: number, paise: boolean) =>
  Math.abs(rupees) < 1e15 ? `${1 / rupees < 0 ? '-' : ''}₹${indian(Math.abs(rupees), paise ? 2 : 0)}` : null;

/**
 * Like @haat/contracts' `formatRupees` for an amount of zero or more (₹ and en-IN grouping, two places only when
 * there are paise: ₹1,24,999, ₹449.50). Null for a negative amount (and -0): the contracts write its sign.
 */
export const plainRupees = (rupees: number) =>
  rupees >= 0 && rupees < 1e15 && 1 / rupees > 0
    ? `₹${indian(rupees, Number.isInteger(rupees) ? 0 : 2)}`
    : null;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');
/** IST is UTC+05:30 all year, and has been since 1945. */
const IST_OFFSET_MS = 330 * 60_000;

/** [date, time] in IST, e.g. ['12 Sept 2026', '7:30 pm'], from 1950 to 9999 (NaN, an invalid date: null). */
function ist(when: Date) {
  const t = when.getTime();
  if (!(t >= Date.UTC(1950, 0, 1) && t < Date.UTC(10000, 0, 1) - IST_OFFSET_MS)) return null;
  const d = new Date(t + IST_OFFSET_MS);
  const h = d.getUTCHours();
  return [
    `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    `${h % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`,
  ] as const;
}

/** Like `Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' })`: 12 Sept 2026. */
export const plainDateIST = (when: Date) => ist(when)?.[0] ?? null;

/** The same with `timeStyle: 'short'`: 12 Sept 2026, 7:30 pm. */
export const plainDateTimeIST = (when: Date) => ist(when)?.join(', ') ?? null;
