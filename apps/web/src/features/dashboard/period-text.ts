import type { DashboardPeriod } from '@haat/contracts';

/** How each period reads in sentences: its own window and the one it is compared with. */
export const PERIOD_TEXT: Record<DashboardPeriod, { window: string; previous: string; bucket: string }> = {
  monthly: { window: 'last 30 days', previous: 'previous 30 days', bucket: 'day' },
  quarterly: { window: 'last 13 weeks', previous: 'previous 13 weeks', bucket: 'week' },
  yearly: { window: 'last 12 months', previous: 'previous 12 months', bucket: 'month' },
};

const whole = new Intl.NumberFormat('en-IN');
export const formatCount = (n: number) => whole.format(n);

/** ₹12K, ₹1.2L, ₹3.4Cr: for chart axes. */
export { formatINRCompact } from '../../lib/format.ts';
