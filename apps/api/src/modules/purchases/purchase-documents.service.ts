import type { statementQuery } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { z } from 'zod';
import type { ShopContext } from '../../lib/context.ts';
import { shopTaxProfile } from '../payments/index.ts';
import { getOrder } from './purchase-orders.service.ts';
import { purchaseOrderPdf, type ShopHead, statementPdf } from './purchases-pdf.ts';
import { statement } from './supplier-accounts.service.ts';

/* The printouts: a purchase order and a supplier's statement, with the shop's name, address and GSTIN. */

async function shopHead(ctx: ShopContext): Promise<ShopHead> {
  const p = await withStore(ctx.deps.db, ctx.store.id, (tx) => shopTaxProfile(tx));
  return { name: ctx.store.storeName, legalName: p.legalName, gstin: p.gstin, address: p.address };
}

export async function orderPdf(ctx: ShopContext, id: string) {
  const order = await getOrder(ctx, id);
  return { number: order.number, pdf: await purchaseOrderPdf(order, await shopHead(ctx)) };
}

export async function supplierStatementPdf(
  ctx: ShopContext,
  args: { supplierId: string; query: z.output<typeof statementQuery> },
) {
  const s = await statement(ctx, args);
  return { name: `Statement-${s.from}-${s.to}`, pdf: await statementPdf(s, await shopHead(ctx)) };
}
