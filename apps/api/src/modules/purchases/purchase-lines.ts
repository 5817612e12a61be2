import { rupeesToPaise } from '@haat/contracts';
import type { Tx } from '@haat/db';
import { badRequest } from '../../lib/errors.ts';
import { type VariantToBuy, variantsFor } from './purchases.repository.ts';

/** A line as the body names it: a variant or a product sold as one item, a quantity, and optionally cost and rate. */
export interface LineInput {
  variant_id?: string | undefined;
  product_id?: string | undefined;
  quantity: number;
  unit_cost?: number | undefined;
  tax_percentage?: number | undefined;
}

export interface ResolvedLine {
  variant: VariantToBuy;
  quantity: number;
  unitCostPaise: number;
  taxPercent: number;
}

export const variantLabelOf = (options: string[]) => (options.length ? options.join(' / ') : null);

/**
 * The body's lines against the shop's variants: a variant of this shop, or a product sold as one item (a product
 * with options needs its variant chosen); cost and GST rate default to the variant's cost now and the product's
 * rate. Each problem is a 400 naming its line's field (`lines.2.variant_id`).
 */
export async function resolveLines(tx: Tx, lines: LineInput[], at = 'lines'): Promise<ResolvedLine[]> {
  const found = await variantsFor(
    tx,
    lines.flatMap((l) => (l.variant_id ? [l.variant_id] : [])),
    lines.flatMap((l) => (!l.variant_id && l.product_id ? [l.product_id] : [])),
  );
  const issues: { path: string; message: string }[] = [];
  const out: ResolvedLine[] = [];
  lines.forEach((l, i) => {
    const variant = l.variant_id
      ? found.find((f) => f.variantId === l.variant_id)
      : found.find((f) => f.productId === l.product_id && f.options.length === 0);
    if (!variant) {
      const hasOptions = !l.variant_id && found.some((f) => f.productId === l.product_id);
      const message = hasOptions
        ? 'This product has options: choose its variant'
        : 'This product is not one of this shop';
      issues.push({ path: `${at}.${i}.variant_id`, message });
      return;
    }
    const unitCostPaise = l.unit_cost != null ? rupeesToPaise(l.unit_cost) : variant.costPaise;
    if (unitCostPaise == null) {
      issues.push({
        path: `${at}.${i}.unit_cost`,
        message: `Enter the cost of ${variant.name}: it has none yet`,
      });
      return;
    }
    out.push({
      variant,
      quantity: l.quantity,
      unitCostPaise,
      taxPercent: l.tax_percentage ?? variant.taxPercent,
    });
  });
  if (issues.length) throw badRequest(issues[0]?.message ?? 'Check the lines', issues);
  return out;
}
