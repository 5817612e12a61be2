import { z } from 'zod';
import { isValidGstin } from './gst.ts';

/**
 * A buyer's GSTIN as typed at the counter or at checkout: trimmed, upper-cased, checked with its check digit; empty
 * means none (a B2C sale).
 */
export const gstNumberField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (s) => s === '' || isValidGstin(s),
    'Enter a valid GSTIN (15 characters, with the right check digit)',
  )
  .optional()
  .transform((s) => s || undefined);
