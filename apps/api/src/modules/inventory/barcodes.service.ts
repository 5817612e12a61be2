import { randomInt } from 'node:crypto';
import {
  type AssignedBarcodes,
  ean13CheckDigit,
  INTERNAL_EAN_PREFIX,
  MAX_LABELS,
  type productLabelsQuery,
  variantLabel,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';

import type { StoreRow } from '../stores/index.ts';
import * as repo from './barcodes.repository.ts';
import type { LabelItem } from './labels-pdf.ts';

/** A fresh internal EAN-13: the in-store prefix, random digits, the check digit. */
export function internalEan13() {
  const digits = 12 - INTERNAL_EAN_PREFIX.length;
  const body = `${INTERNAL_EAN_PREFIX}${String(randomInt(0, 10 ** digits)).padStart(digits, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}

/** `n` codes no product or variant of the shop carries, drawn again where one is taken (the shop is locked). */
async function freshCodes(tx: Tx, n: number) {
  const codes = new Set<string>();
  for (let round = 0; codes.size < n; round++) {
    if (round === 10) throw new Error('could not draw unused barcodes');
    const drawn = new Set<string>();
    while (drawn.size < n - codes.size) {
      const code = internalEan13();
      if (!codes.has(code)) drawn.add(code);
    }
    const taken = await repo.codesInUse(tx, [...drawn]);
    for (const c of drawn) if (!taken.has(c)) codes.add(c);
  }
  return [...codes];
}

async function requireSource<T>(id: string, load: () => Promise<T | null>) {
  if (!isUuid(id)) throw notFound('Product not found');
  const found = await load();
  if (!found) throw notFound('Product not found');
  return found;
}

/**
 * Gives every item of the product without a barcode an internal EAN-13: the product itself when it is sold as
 * one item (its default variant follows), else each variant lacking one (a product with options keeps its own
 * barcode as a handle; the counter scans variants). One audit row names what was assigned.
 */
export async function assignBarcodes(
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  id: string,
): Promise<AssignedBarcodes> {
  return withStore(deps.db, store.id, async (tx) => {
    const { product, variants } = await requireSource(id, () => repo.lockWithVariants(tx, id));
    const oneItem = product.options.length === 0;
    const missing = oneItem
      ? product.barcode
        ? []
        : [{ id: variants[0]?.id ?? product.id, label: null }]
      : variants.filter((v) => !v.barcode).map((v) => ({ id: v.id, label: variantLabel(v.optionValues) }));
    if (!missing.length) return { assigned: [] };
    await repo.lockShopBarcodes(tx, store.id);
    const codes = await freshCodes(tx, missing.length);
    const assigned = missing.map((m, i) => ({ variant_id: m.id, label: m.label, barcode: codes[i] ?? '' }));
    if (oneItem) await repo.setProductBarcode(tx, product.id, assigned[0]?.barcode ?? '');
    else
      await repo.setVariantBarcodes(
        tx,
        assigned.map((a) => ({ id: a.variant_id, barcode: a.barcode })),
      );
    const named = assigned.map((a) => (a.label ? `${a.label} ${a.barcode}` : a.barcode));
    await recordAudit(tx, store.id, actor, {
      entity: 'PRODUCT',
      entityId: product.id,
      action: 'UPDATE',
      summary: `Assigned ${assigned.length === 1 ? 'a barcode' : `${assigned.length} barcodes`} to ${product.name}: ${named.join(', ')}`,
      before: { barcodes: Object.fromEntries(assigned.map((a) => [a.label ?? product.name, null])) },
      after: { barcodes: Object.fromEntries(assigned.map((a) => [a.label ?? product.name, a.barcode])) },
    });
    return { assigned };
  });
}

/**
 * The labels to print: the product sold as one item, or its variants (one of them with variant_id), each with
 * the price the counter charges before any deal (sale price, else selling price: a label outlives a deal).
 * Every item must have a barcode (409 naming the first that has none: assign them first).
 */
export async function labelItems(
  deps: Deps,
  store: StoreRow,
  id: string,
  q: z.output<typeof productLabelsQuery>,
): Promise<{ name: string; items: LabelItem[] }> {
  const { product, variants } = await withStore(deps.db, store.id, (tx) =>
    requireSource(id, () => repo.labelSource(tx, id)),
  );
  const oneItem = product.options.length === 0;
  const chosen = oneItem
    ? [
        {
          id: variants[0]?.id,
          label: null,
          barcode: product.barcode,
          pricePaise: product.salePricePaise ?? product.pricePaise,
        },
      ]
    : variants.map((v) => ({
        id: v.id,
        label: variantLabel(v.optionValues),
        barcode: v.barcode,
        pricePaise: v.salePricePaise ?? v.pricePaise,
      }));
  const items = q.variant_id ? chosen.filter((c) => c.id === q.variant_id) : chosen;
  if (!items.length) throw notFound('Variant not found');
  if (items.length * q.copies > MAX_LABELS) {
    const message = `At most ${MAX_LABELS.toLocaleString('en-IN')} labels at once: ${items.length} variants × ${q.copies} copies is ${(items.length * q.copies).toLocaleString('en-IN')}. Choose fewer copies or one variant.`;
    throw badRequest(message, [{ path: 'copies', message }]);
  }
  const bare = items.find((i) => !i.barcode);
  if (bare) {
    const what = bare.label ? `${product.name}, ${bare.label}` : product.name;
    throw new AppError(409, 'CONFLICT', `${what} has no barcode yet. Assign barcodes first.`, {
      reason: 'BARCODE_MISSING',
    });
  }
  return {
    name: product.name,
    items: items.map((i) => ({
      name: product.name,
      variant: i.label,
      barcode: i.barcode ?? '',
      pricePaise: i.pricePaise,
    })),
  };
}
