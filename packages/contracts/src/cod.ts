import { z } from 'zod';
import { OTP_LENGTH } from './accounts.ts';
import { INDIAN_STATES, PIN_CODE_PATTERN } from './indian-states.ts';
import { formatPaise, rupeesToPaise } from './money.ts';

/**
 * Cash on delivery that does not bleed money (issue 19, decision 0015): where and for which order values a shop
 * offers COD, its fee, and the customer's confirmation of large COD orders. The same rules, messages and
 * arithmetic serve the checkout screen, the server that places the order, and the settings form.
 */

export const COD_CONFIRM_MODES = ['OFF', 'ABOVE', 'ALL'] as const;
export type CodConfirmMode = (typeof COD_CONFIRM_MODES)[number];
export const COD_CONFIRM_HOURS_DEFAULT = 24;
export const COD_CONFIRM_HOURS_MAX = 168;
export const COD_BLOCKED_PINS_MAX = 20_000;
export const COD_FEE_MAX = 1_000;
export const COD_CODE_TTL_MINUTES = 10;
export const COD_CODE_MAX_TRIES = 5;

const rupees = (label: string, max = 10_000_000) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} can be at most ₹${max.toLocaleString('en-IN')}`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`);

/** One PIN code of the blocked list; the message names the bad value so a long list is fixed line by line. */
const pinCode = z
  .string()
  .trim()
  .refine((s) => PIN_CODE_PATTERN.test(s), {
    error: (i) => `"${String(i.input)}" is not a 6-digit PIN code`,
  });

/** The vendor's COD rules (Settings, Payments); every field is required so the form saves what it shows. */
export const codSettingsBody = z
  .strictObject({
    /** Orders below this value (goods after discount, with shipping) cannot be paid by COD; null: no minimum. */
    min_order: rupees('Minimum order for COD').nullable(),
    /** Orders above this value cannot be paid by COD; null: no maximum. */
    max_order: rupees('Maximum order for COD').nullable(),
    blocked_pins: z
      .array(pinCode)
      .max(COD_BLOCKED_PINS_MAX, `At most ${COD_BLOCKED_PINS_MAX.toLocaleString('en-IN')} PIN codes`)
      .transform((pins) => [...new Set(pins)].sort()),
    blocked_states: z
      .array(z.enum(INDIAN_STATES, { error: 'Choose a state or union territory from the list' }))
      .transform((s) => [...new Set(s)].sort()),
    /** Added to COD orders as its own line; 0: no fee. */
    fee: rupees('COD fee', COD_FEE_MAX),
    confirm_mode: z.enum(COD_CONFIRM_MODES, { error: 'Choose OFF, ABOVE or ALL' }),
    /** With confirm_mode ABOVE: orders of this value or more are confirmed by the customer. */
    confirm_above: rupees('Confirm orders above').nullable(),
    confirm_hours: z
      .number({ error: 'Hours must be a number' })
      .int('Hours must be a whole number')
      .min(1, 'Wait at least 1 hour')
      .max(COD_CONFIRM_HOURS_MAX, `Wait at most ${COD_CONFIRM_HOURS_MAX} hours (7 days)`),
  })
  .superRefine((v, ctx) => {
    if (v.min_order !== null && v.max_order !== null && v.min_order > v.max_order) {
      ctx.addIssue({
        code: 'custom',
        path: ['min_order'],
        message: `The minimum (${formatPaise(rupeesToPaise(v.min_order))}) is above the maximum (${formatPaise(rupeesToPaise(v.max_order))})`,
      });
    }
    if (v.max_order === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_order'],
        message: 'Turn COD off instead of a maximum of ₹0',
      });
    }
    if (v.confirm_mode === 'ABOVE' && v.confirm_above === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirm_above'],
        message: 'Enter the order value to confirm above',
      });
    }
  });
export type CodSettingsBody = z.input<typeof codSettingsBody>;

export const codSettings = z.object({
  /** Whether the shop takes COD at all (Payments). */
  enabled: z.boolean(),
  min_order: z.number().nullable(),
  max_order: z.number().nullable(),
  blocked_pins: z.array(z.string()),
  blocked_states: z.array(z.string()),
  fee: z.number(),
  confirm_mode: z.enum(COD_CONFIRM_MODES),
  confirm_above: z.number().nullable(),
  confirm_hours: z.number().int(),
});
export type CodSettings = z.infer<typeof codSettings>;

/** The stored confirmation threshold from the mode: null off, 0 every COD order, else the value in paise. */
export const confirmAbovePaise = (mode: CodConfirmMode, above: number | null) =>
  mode === 'OFF' ? null : mode === 'ALL' ? 0 : rupeesToPaise(above ?? 0);
export const confirmModeOf = (abovePaise: number | null): CodConfirmMode =>
  abovePaise === null ? 'OFF' : abovePaise === 0 ? 'ALL' : 'ABOVE';

/**
 * A pasted list or an uploaded CSV of PIN codes: the first cell of each line, a header line ("pin", "pincode",
 * "PIN code") skipped, blank lines ignored. Every other line must be a PIN code; each bad one is named with its
 * line number, so nothing is silently dropped.
 */
export function parsePinList(text: string) {
  const pins: string[] = [];
  const problems: { line: number; value: string; message: string }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const cells = raw.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, ''));
    // Numbers only ("110001, 400001"): a list of PIN codes, each taken; otherwise a CSV row, its first cell.
    const list = cells.filter(Boolean).every((c) => /^\d+$/.test(c));
    for (const [j, cell] of cells.entries()) {
      if (!cell) continue;
      if (i === 0 && j === 0 && /^pin\s*(code)?$|^pincode$/i.test(cell)) return;
      if (j > 0 && cells.length > 1 && !/^\d+$/.test(cell)) continue; // a CSV's other columns (city, note)
      if (PIN_CODE_PATTERN.test(cell)) pins.push(cell);
      else
        problems.push({
          line: i + 1,
          value: cell,
          message: `Line ${i + 1}: "${cell}" is not a 6-digit PIN code`,
        });
      if (cells.length > 1 && !list) return; // one PIN per CSV row: its first cell
    }
  });
  return { pins: [...new Set(pins)], problems };
}

/** COD as checkout knows it for this customer and cart (null: the shop does not take COD). */
export const checkoutCod = z.object({
  fee: z.number(),
  min_order: z.number().nullable(),
  max_order: z.number().nullable(),
  /** COD orders of this value or more wait for the customer's confirmation (0: all; null: none). */
  confirm_above: z.number().nullable(),
  confirm_hours: z.number().int(),
  /** The shop asks this customer to pay by UPI. */
  prepayment_required: z.boolean(),
  /** The customer's saved addresses where COD is not offered, and why (PIN code or state). */
  address_blocks: z.array(z.object({ address_id: z.string(), reason: z.string() })),
});
export type CheckoutCod = z.infer<typeof checkoutCod>;

export const PREPAYMENT_REQUIRED_MESSAGE =
  'This shop asks you to pay by UPI before delivery, so cash on delivery is not available on your orders';

/** Why COD is not offered where the parcel goes, or null. */
export function codPlaceProblem(
  rules: { blockedPins: readonly string[]; blockedStates: readonly string[] },
  pin: string,
  state: string,
) {
  if (rules.blockedPins.includes(pin)) return `Cash on delivery is not available for PIN ${pin} at this shop`;
  if (rules.blockedStates.includes(state))
    return `Cash on delivery is not available in ${state} at this shop`;
  return null;
}

/**
 * Why COD is not offered for this order, or null: the customer must prepay, the address is blocked, or the
 * order's value (goods after discount, with shipping, before the COD fee) is outside the shop's limits.
 */
export function codProblem(cod: CheckoutCod, addressId: string | null, orderPaise: number): string | null {
  if (cod.prepayment_required) return PREPAYMENT_REQUIRED_MESSAGE;
  const blocked = cod.address_blocks.find((b) => b.address_id === addressId);
  if (blocked) return blocked.reason;
  const max = cod.max_order === null ? null : rupeesToPaise(cod.max_order);
  const min = cod.min_order === null ? null : rupeesToPaise(cod.min_order);
  if (max !== null && orderPaise > max)
    return `Cash on delivery is available for orders up to ${formatPaise(max)} at this shop`;
  if (min !== null && orderPaise < min)
    return `Cash on delivery is available for orders of ${formatPaise(min)} or more at this shop`;
  return null;
}

/** Whether a COD order of this value (with the fee) waits for the customer's confirmation. */
export const codNeedsConfirmation = (confirmAbove: number | null, totalPaise: number) =>
  confirmAbove !== null && totalPaise >= rupeesToPaise(confirmAbove);

/** A COD order's confirmation as the customer and the back office see it. */
export const codConfirmation = z.object({
  status: z.enum(['AWAITING', 'CONFIRMED', 'EXPIRED']),
  /** Until when the customer can confirm; after it the order cancels itself. */
  confirm_by: z.string(),
  confirmed_at: z.string().nullable(),
});
export type CodConfirmation = z.infer<typeof codConfirmation>;

export const codConfirmBody = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code from the mail`),
});
export const codConfirmLinkBody = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).trim().min(20, 'The link is incomplete').max(200),
});
