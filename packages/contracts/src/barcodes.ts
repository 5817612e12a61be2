import { z } from 'zod';

/*
 * Barcodes and printed labels (issue 14): a product or variant without a barcode gets an internal EAN-13 in GS1's
 * restricted-circulation range (prefix 2, "in-store"), and the product page prints an A4 sheet of labels.
 */

/** The label sheet: A4, 3 columns by 8 rows of 63.5 x 33.9 mm (the common "24 per sheet" stock, e.g. L7159). */
export const LABELS_PER_SHEET = 24;
export const MAX_LABEL_COPIES = 200;
/** The most labels one PDF carries (100 sheets), whatever the number of variants. */
export const MAX_LABELS = 2400;
/** The first digits of the EAN-13s Haat assigns: 2 is GS1's in-store range; 20 is not used for weighed items. */
export const INTERNAL_EAN_PREFIX = '20';

/** The EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** 13 digits whose last is the check digit of the others. */
export const isValidEan13 = (code: string) =>
  /^[0-9]{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** Whether Code 128 can carry the code as typed: printable ASCII (what a scanner types back). */
export const isCode128Printable = (code: string) => /^[\x20-\x7e]+$/.test(code);

export const productLabelsQuery = z.object({
  copies: z.coerce
    .number({ error: 'copies must be a number' })
    .int('copies must be a whole number')
    .min(1, 'copies must be at least 1')
    .max(MAX_LABEL_COPIES, `copies must be at most ${MAX_LABEL_COPIES}`)
    .default(LABELS_PER_SHEET),
  /** One variant only; without it, every variant of the product (or the product sold as one item). */
  variant_id: z.uuid('variant_id must be a variant of this product').optional(),
});
export type ProductLabelsQuery = z.input<typeof productLabelsQuery>;

/** What POST product/{id}/barcodes/ assigned: each item that had no barcode and the one it got. */
export const assignedBarcodes = z.object({
  assigned: z.array(
    z.object({
      variant_id: z.string(),
      /** "M / Blue"; null for a product sold as one item. */
      label: z.string().nullable(),
      barcode: z.string(),
    }),
  ),
});
export type AssignedBarcodes = z.infer<typeof assignedBarcodes>;
