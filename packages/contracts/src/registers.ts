import { z } from 'zod';
import { calendarDate, dateRange } from './dates.ts';
import { rupeesToPaise } from './money.ts';

/*
 * The day at the counter (issue 38): a register opened with its float, cash put in or taken out with a reason,
 * closed with the cash counted (by denomination if the cashier likes). Rupees on the wire, paise on the server.
 * Expected cash = opening float + cash sales − cash refunds + cash khata payments received + cash in − cash out
 * − cash expenses from the drawer − cash supplier payments from the drawer.
 */

export const DEFAULT_REGISTER_NAME = 'Counter 1';

/** Indian notes and coins, largest first: what the denomination grid counts. */
export const DENOMINATIONS = [2000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** An amount a person types, in rupees: a number, at most 2 decimals, never negative (or, with `positive`, > 0). */
const rupeeAmount = (field: string, { positive }: { positive: boolean }) =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a number`),
    })
    .finite(`${field} must be a number`)
    .min(0, { error: `${field} cannot be negative`, abort: true })
    .refine((n) => !positive || rupeesToPaise(n) > 0, `${field} must be more than ₹0`)
    .refine((n) => n <= 10_000_000, `${field} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${field} can have at most 2 decimals`);

const registerName = z
  .string({ error: 'Register name must be text' })
  .trim()
  .min(1, 'Register name is required')
  .max(40, 'Register name must be at most 40 characters');

export const openRegisterBody = z.strictObject({
  register_name: registerName.optional(),
  opening_float: rupeeAmount('Opening float', { positive: false }),
});
export type OpenRegisterBody = z.input<typeof openRegisterBody>;

export const MOVEMENT_KINDS = ['IN', 'OUT'] as const;

export const registerMovementBody = z.strictObject({
  kind: z.enum(MOVEMENT_KINDS, { error: 'kind must be IN (cash in) or OUT (cash out)' }),
  amount: rupeeAmount('Amount', { positive: true }),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(3, 'Reason is required (3 characters or more)')
    .max(200, 'Reason must be at most 200 characters'),
});
export type RegisterMovementBody = z.input<typeof registerMovementBody>;

const noteCount = z
  .number({ error: 'Count must be a number' })
  .int('Count must be a whole number')
  .min(0, 'Count cannot be negative')
  .max(100_000, 'Count is too large');

/** The count by denomination: how many of each note or coin (keys '2000' … '1'). */
export const denominationCounts = z.strictObject(
  Object.fromEntries(DENOMINATIONS.map((d) => [String(d), noteCount.optional()])) as Record<
    `${Denomination}`,
    z.ZodOptional<typeof noteCount>
  >,
);
export type DenominationCounts = z.infer<typeof denominationCounts>;

/** Paise counted from a denomination grid (each note or coin times how many). */
export const denominationTotalPaise = (counts: DenominationCounts) =>
  DENOMINATIONS.reduce((sum, d) => sum + d * 100 * (counts[`${d}`] ?? 0), 0);

export const closeRegisterBody = z
  .strictObject({
    counted_cash: rupeeAmount('Counted cash', { positive: false }).optional(),
    denominations: denominationCounts.optional(),
    note: z.string().trim().max(500, 'Note must be at most 500 characters').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.counted_cash === undefined && !b.denominations) {
      ctx.addIssue({ code: 'custom', path: ['counted_cash'], message: 'Counted cash is required' });
      return;
    }
    if (b.counted_cash !== undefined && b.denominations) {
      const sum = denominationTotalPaise(b.denominations);
      if (sum !== rupeesToPaise(b.counted_cash))
        ctx.addIssue({
          code: 'custom',
          path: ['counted_cash'],
          message: `Counted cash must equal the notes and coins counted (₹${sum / 100})`,
        });
    }
  });
export type CloseRegisterBody = z.input<typeof closeRegisterBody>;

/** A register session as lists and the counter's bar show it (no expected figure while it is open: blind count). */
export const registerSession = z.object({
  id: z.string(),
  register_name: z.string(),
  cashier_id: z.string().nullable(),
  cashier_name: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  opened_at: z.string(),
  opening_float: z.number(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  expected: z.number().nullable(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
  close_note: z.string().nullable(),
});
export type RegisterSession = z.infer<typeof registerSession>;

const figure = z.object({ amount: z.number(), count: z.number() });

/** Each figure of the expected cash, with how many rows made it. */
export const registerFigures = z.object({
  opening_float: z.number(),
  cash_sales: figure,
  cash_refunds: figure,
  khata_received: figure,
  cash_in: figure,
  cash_out: figure,
  expenses: figure,
  supplier_payments: figure,
  expected: z.number(),
});
export type RegisterFigures = z.infer<typeof registerFigures>;

export const registerMovement = z.object({
  id: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type RegisterMovement = z.infer<typeof registerMovement>;

/** The closing report (or, while open, the drawer so far for owners and managers). */
export const registerReport = z.object({
  shop_name: z.string(),
  session: registerSession,
  figures: registerFigures.nullable(),
  movements: z.array(registerMovement),
});
export type RegisterReport = z.infer<typeof registerReport>;

export const registerHistoryQuery = z
  .object({
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    cashier_id: z.uuid('cashier_id must be a valid id').optional(),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1)
      .max(10_000)
      .default(1),
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1)
      .max(100)
      .default(25),
  })
  .superRefine(dateRange());
export type RegisterHistoryQuery = z.output<typeof registerHistoryQuery>;

/** One day of one cashier's registers, for the history's totals. */
export const registerDay = z.object({
  date: z.string(),
  cashier_name: z.string(),
  sessions: z.number(),
  expected: z.number(),
  counted: z.number(),
  difference: z.number(),
});
export type RegisterDay = z.infer<typeof registerDay>;

export const registerHistory = z.object({
  sessions: z.array(registerSession),
  days: z.array(registerDay),
  cashiers: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type RegisterHistory = z.infer<typeof registerHistory>;

/** The lines of the expected cash, in order, as the report, its print and its PDF show them (sign: + adds, − takes). */
export function registerFigureLines(f: RegisterFigures) {
  const line = (label: string, sign: '+' | '−', x: { amount: number; count: number }) => ({
    label,
    sign,
    ...x,
  });
  return [
    line('Cash sales', '+', f.cash_sales),
    line('Cash refunds', '−', f.cash_refunds),
    line('Khata payments received in cash', '+', f.khata_received),
    line('Cash in', '+', f.cash_in),
    line('Cash out', '−', f.cash_out),
    line('Expenses paid from the drawer', '−', f.expenses),
    line('Supplier payments from the drawer', '−', f.supplier_payments),
  ];
}

/** How a difference reads: "Short by ₹120", "Over by ₹20", "No difference". */
export const differenceText = (rupees: number, format: (r: number) => string) =>
  rupees === 0 ? 'No difference' : `${rupees < 0 ? 'Short' : 'Over'} by ${format(Math.abs(rupees))}`;
