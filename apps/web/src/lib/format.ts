/** Money and date formatting for every face: rupees in en-IN (lakh grouping), dates in India Standard Time. */
import { formatRupees } from '@haat/contracts/money';
import { plainDateIST, plainDateTimeIST, plainINR, plainRupees } from './format-plain.ts';

// The rupees and dates a shop's pages show are written without Intl (format-plain.ts: a page's first Intl formatter
// is a long task on a phone); Intl writes what those do not cover, and the back office's compact figures and times.
const IST = 'Asia/Kolkata';

/**
 * Rupees in en-IN format: ₹1,23,456, with paise when the amount has any (₹649.50: a price is never shown rounded to
 * a rupee it is not), or always when `paise` asks for them (₹1,249.00, a column of amounts).
 */
export const formatINR = (rupees: number, opts: { paise?: boolean } = {}) => {
  const paise = !!opts.paise || Math.round(rupees * 100) % 100 !== 0;
  return (
    plainINR(rupees, paise) ??
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      ...(paise ? { minimumFractionDigits: 2 } : { maximumFractionDigits: 0 }),
    }).format(rupees)
  );
};

/**
 * Rupees as the customer pays them: whole rupees, or with paise when there are any (₹449.10, never ₹449). The
 * contracts' formatter, the one the API's mails and documents print with (the same text, written without Intl).
 */
export const formatAmount = (rupees: number) => plainRupees(rupees) ?? formatRupees(rupees);

/** Dates are shown in India Standard Time. */
export const formatDate = (iso: string | Date) => {
  const when = new Date(iso);
  return (
    plainDateIST(when) ??
    new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: IST }).format(when)
  );
};
export const formatDateTime = (iso: string | Date) => {
  const when = new Date(iso);
  return (
    plainDateTimeIST(when) ??
    new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: IST }).format(when)
  );
};

const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
/** One formatter per kind, made on first use (a shop's first page makes none). */
function once<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = kept.get(key) as T | undefined;
  if (!made) {
    made = make();
    kept.set(key, made);
  }
  return made;
}

/** Rupees in lakh and crore shorthand (₹31.5K, ₹1.5L, ₹2.3Cr) for tight spaces; show the full figure beside or in a title. */
export const formatINRCompact = (rupees: number) =>
  once(
    'compact',
    () =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
  ).format(rupees);

/** The time of day in IST (7:28 pm). */
export const formatTime = (iso: string | Date) =>
  once('time', () => new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: IST })).format(
    new Date(iso),
  );
