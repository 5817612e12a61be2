import { z } from 'zod';
import { calendarDate, calendarMonth, dateRange } from './dates.ts';
import { gstNumberField } from './gstin-field.ts';
import { rupeesToPaise } from './money.ts';

/*
 * The shop's books (issue 38): expenses and the profit and loss. Amounts are rupees on the wire and paise on the
 * server; every figure of the profit and loss is a whole number of paise, so the sums on screen, in the CSV and in
 * the JSON are the same.
 */

/** The categories a merchant knows; the list offers them and those the shop has used already. */
export const EXPENSE_CATEGORIES = [
  'Rent',
  'Salaries and wages',
  'Electricity',
  'Internet and phone',
  'Courier and shipping',
  'Packaging',
  'Marketing',
  'Repairs',
  'Travel',
  'Bank charges',
  'Other',
] as const;
export const EXPENSE_METHODS = ['CASH', 'UPI', 'CARD', 'BANK'] as const;
export type ExpenseMethod = (typeof EXPENSE_METHODS)[number];
export const EXPENSE_METHOD_NAMES: Record<ExpenseMethod, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  BANK: 'Bank transfer',
};

/** The largest expense (₹1 crore): a typing slip, not a real bill, above it. */
export const MAX_EXPENSE_RUPEES = 10_000_000;

/** An amount a person types, in rupees: a number (never a string), at most 2 decimals, never negative. */
const rupeeAmount = (label: string) =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .min(0, { error: `${label} cannot be negative`, abort: true })
    .max(MAX_EXPENSE_RUPEES, `${label} must be at most ₹1,00,00,000`)
    .refine((n) => Math.abs(rupeesToPaise(n) - n * 100) < 1e-6, `${label} can have at most 2 decimals`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((s) => s || null);

/** A receipt photo uploaded through POST /api/store/upload/?kind=receipt (the shop's own folder). */
export const RECEIPT_IMAGE_PATTERN = /^\/media\/uploads\/[0-9a-f-]{36}\/receipt-[0-9a-f-]{36}\.webp$/;

/** Record or change an expense. `gst` is the GST included in `amount` (input tax), 0 when there is none. */
export const expenseBody = z
  .strictObject({
    category: z
      .string({ error: 'Choose a category' })
      .trim()
      .min(1, 'Choose a category')
      .max(60, 'Category must be at most 60 characters'),
    spent_on: calendarDate('Date'),
    amount: rupeeAmount('Amount').refine((n) => rupeesToPaise(n) > 0, 'Amount must be more than ₹0'),
    gst: rupeeAmount('GST').default(0),
    payee: optionalText('Paid to', 120),
    payee_gstin: gstNumberField.nullable().transform((s) => s ?? null),
    description: optionalText('Description', 500),
    method: z.enum(EXPENSE_METHODS, { error: 'Choose how it was paid: CASH, UPI, CARD or BANK' }),
    /** Paid from the counter's cash drawer: the person's open register pays it (cash only). */
    from_register: z.boolean({ error: 'from_register must be true or false' }).default(false),
    receipt_image: z
      .string()
      .regex(RECEIPT_IMAGE_PATTERN, 'receipt_image must be an image uploaded as a receipt')
      .nullish()
      .transform((s) => s ?? null),
  })
  .superRefine((b, ctx) => {
    if (rupeesToPaise(b.gst) > rupeesToPaise(b.amount))
      ctx.addIssue({ code: 'custom', path: ['gst'], message: 'GST cannot be more than the amount' });
    if (b.from_register && b.method !== 'CASH')
      ctx.addIssue({
        code: 'custom',
        path: ['from_register'],
        message: 'Only a cash expense can be paid from the cash drawer',
      });
  });
export type ExpenseBody = z.input<typeof expenseBody>;
export type ExpenseInput = z.output<typeof expenseBody>;

export const expense = z.object({
  id: z.string(),
  category: z.string(),
  spent_on: z.string(),
  /** Rupees, GST included. */
  amount: z.number(),
  gst: z.number(),
  payee: z.string().nullable(),
  payee_gstin: z.string().nullable(),
  description: z.string().nullable(),
  method: z.enum(EXPENSE_METHODS),
  from_register: z.boolean(),
  receipt_image: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Expense = z.infer<typeof expense>;

export const expenseQuery = z.object({
  month: calendarMonth('month').optional(),
  category: z.string().trim().max(60, 'category must be at most 60 characters').optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000, 'page must be at most 100,000')
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(100, 'page_size must be at most 100')
    .default(20),
});
export type ExpenseQuery = z.input<typeof expenseQuery>;

export const expensePage = z.object({
  results: z.array(expense),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** What the filtered expenses add up to, and the GST in them. */
  total: z.number(),
  gst_total: z.number(),
  /** The fixed list, then the categories the shop has used that are not in it. */
  categories: z.array(z.string()),
});
export type ExpensePage = z.infer<typeof expensePage>;

/** The longest period a profit and loss covers: two years of days. */
export const PROFIT_LOSS_MAX_DAYS = 731;

export const profitLossQuery = z
  .object({ from: calendarDate('from').optional(), to: calendarDate('to').optional() })
  .superRefine(dateRange())
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days > PROFIT_LOSS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period can be at most 2 years (731 days)' });
  });
export type ProfitLossQuery = z.input<typeof profitLossQuery>;

/** One month of the chart, rupees. */
export const profitLossMonth = z.object({
  month: z.string(),
  net_sales: z.number(),
  cost_of_goods_sold: z.number(),
  gross_margin: z.number(),
  expenses: z.number(),
  net_profit: z.number(),
});
export type ProfitLossMonth = z.infer<typeof profitLossMonth>;

export const profitLoss = z.object({
  from: z.string(),
  to: z.string(),
  /** Which revenue the figures count, in the words the page shows. */
  basis: z.string(),
  gst_included: z.boolean(),
  sales: z.object({
    orders: z.number().int(),
    /** Orders placed in the period before their discounts. */
    gross: z.number(),
    discounts: z.number(),
    online: z.number(),
    counter: z.number(),
    refunds: z.number(),
    /** gross - discounts - refunds: the dashboard's Revenue for the same days. */
    net: z.number(),
  }),
  cost_of_goods_sold: z.number(),
  gross_margin: z.number(),
  gross_margin_percent: z.number().nullable(),
  expenses: z.object({
    total: z.number(),
    gst_input: z.number(),
    count: z.number().int(),
    by_category: z.array(z.object({ category: z.string(), amount: z.number(), count: z.number().int() })),
  }),
  net_profit: z.number(),
  /** Sold lines with no cost recorded: their cost is not in the cost of goods sold. */
  lines_without_cost: z.number().int(),
  cost_note: z.string().nullable(),
  /** The dashboard's Profit for the same days: lines with a cost price, before refunds. */
  dashboard_profit: z.number(),
  months: z.array(profitLossMonth),
  stock: z.object({
    value: z.number(),
    units: z.number().int(),
    variants_without_cost: z.number().int(),
    products_without_cost: z.number().int(),
  }),
});
export type ProfitLoss = z.infer<typeof profitLoss>;
