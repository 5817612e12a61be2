import { z } from 'zod';

/**
 * The one vocabulary for a day in a filter (issue 35): a real calendar date, YYYY-MM-DD, from 2000-01-01 to
 * 2100-12-31. Routes read such a day in India time (`istDayStart`); the range is checked on that instant, so what
 * reaches PostgreSQL is always a time it can store (year 0000 or 0001 once answered 500 or stopped the server).
 */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2100-12-31';

/** The instant an IST (Asia/Kolkata, UTC+05:30, no daylight saving) calendar day starts. */
export const istDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);

const FIRST = istDayStart(FIRST_DATE).getTime();
const LAST = istDayStart(LAST_DATE).getTime();

export const calendarDate = (field: string) =>
  z.iso.date(`${field} must be a date (YYYY-MM-DD)`).superRefine((day, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return; // already refused as not a date
    const at = istDayStart(day).getTime();
    if (!(at >= FIRST && at <= LAST))
      ctx.addIssue({ code: 'custom', message: `${field} must be between ${FIRST_DATE} and ${LAST_DATE}` });
  });

/** A filter's range: its end may not come before its start (the issue is put on the end). */
export const dateRange =
  (from = 'from', to = 'to') =>
  (q: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const start = q[from];
    const end = q[to];
    if (typeof start === 'string' && typeof end === 'string' && start > end)
      ctx.addIssue({ code: 'custom', path: [to], message: `${to} must not be before ${from}` });
  };

/** A month of the calendar as YYYY-MM, from 2000 to 2100 (GST returns, month summaries). */
export const calendarMonth = (field = 'month') =>
  z
    .string({ error: `${field} is required (YYYY-MM)` })
    .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, `${field} must be a month as YYYY-MM`);

/** The first instant of a month in India and of the month after it. */
export function istMonthRange(month: string) {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: istDayStart(`${month}-01`), to: istDayStart(`${next}-01`) };
}
