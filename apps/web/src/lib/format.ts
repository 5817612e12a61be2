/** Money and date formatting for every face: rupees in en-IN (lakh grouping), dates in India Standard Time. */
import { formatRupees } from '@haat/contracts/money';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** Rupees in en-IN format: ₹1,23,456 (whole rupees unless `paise` asks for decimals). */
export const formatINR = (rupees: number, opts: { paise?: boolean } = {}) =>
  (opts.paise ? inrPaise : inr).format(rupees);

/**
 * Rupees as the customer pays them: whole rupees, or with paise when there are any (₹449.10, never ₹449). The
 * contracts' formatter, the one the API's mails and documents print with.
 */
export const formatAmount = formatRupees;

const dateIST = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const dateTimeIST = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
/** Dates are shown in India Standard Time. */
export const formatDate = (iso: string | Date) => dateIST.format(new Date(iso));
export const formatDateTime = (iso: string | Date) => dateTimeIST.format(new Date(iso));

const compactINR = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** Rupees in lakh and crore shorthand (₹31.5K, ₹1.5L, ₹2.3Cr) for tight spaces; show the full figure beside or in a title. */
export const formatINRCompact = (rupees: number) => compactINR.format(rupees);

const timeIST = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });
/** The time of day in IST (7:28 pm). */
export const formatTime = (iso: string | Date) => timeIST.format(new Date(iso));
