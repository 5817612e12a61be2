import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDate, dateRange } from './dates.ts';

const from = calendarDate('from');
const issue = (v: unknown) => from.safeParse(v).error?.issues[0]?.message;

describe('calendarDate', () => {
  it('takes real days from 2000-01-01 to 2100-12-31', () => {
    for (const d of ['2000-01-01', '2024-02-29', '2026-12-31', '2100-12-31'])
      expect(from.safeParse(d).success, d).toBe(true);
  });

  it('refuses days that do not exist or fall outside the range, naming the field', () => {
    expect(issue('2026-02-30')).toBe('from must be a date (YYYY-MM-DD)');
    expect(issue('2025-02-29')).toBe('from must be a date (YYYY-MM-DD)');
    expect(issue('26-01-01')).toBe('from must be a date (YYYY-MM-DD)');
    expect(issue(20260101)).toBe('from must be a date (YYYY-MM-DD)');
    for (const d of ['0000-02-29', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])
      expect(issue(d), d).toBe('from must be between 2000-01-01 and 2100-12-31');
  });

  it('a range whose end comes before its start is refused on the end', () => {
    const q = z.object({ from: from.optional(), to: calendarDate('to').optional() }).superRefine(dateRange());
    expect(q.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'to must not be before from',
    });
    expect(q.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
  });
});
