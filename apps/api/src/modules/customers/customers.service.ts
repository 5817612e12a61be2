import {
  type CustomerDetail,
  type CustomerQuery,
  type CustomerReminder,
  formatPaise,
  paiseToRupees,
  reminderText,
  rupeesToPaise,
} from '@haat/contracts';
import { readInStore, withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

import * as ordersModule from '../orders/index.ts';

import * as repo from './customers.repository.ts';
import { creditLeftPaise, entryView, summaryView } from './customers-view.ts';

/*
 * The shop's customer book (issue 38): a page of customers with their figures, one customer with their orders and
 * khata, their credit limit, and a reminder of what is due with the shop's UPI link.
 */

/**
 * A page of the book, latest visit first; a search by name or phone through customer_search_page (a common term is
 * not counted past its page: `count_capped`). One statement
 * (two without a search: the page and the kept count) on a reader that already holds the shop (readInStore).
 */
export async function listCustomers({ deps, store }: ShopContext, q: CustomerQuery) {
  const term = q.search ? repo.searchTerm(q.search) : null;
  if (term && term.length >= repo.SEARCH_INDEX_MIN) {
    const [found] = await readInStore(deps.db, store.id, (tx) => [repo.searchPage(tx, store.id, term, q)]);
    return { results: found.rows.map(summaryView), count: found.count, count_capped: found.more };
  }
  const [page] = await readInStore(deps.db, store.id, (tx) => [
    repo.customerPage(tx, store.id, { term, limit: q.limit, offset: q.offset }),
  ]);
  return { results: page.rows.map(summaryView), count: page.count, count_capped: false };
}

/** A customer with their latest orders and their whole khata. */
export async function getCustomer({ deps, store }: ShopContext, id: string): Promise<CustomerDetail> {
  const [c, orders, entries] = await readInStore(deps.db, store.id, (tx) => [
    repo.customerById(tx, store.id, id),
    repo.ordersOf(tx, store.id, id),
    repo.entriesOf(tx, store.id, id),
  ]);
  if (!c) throw notFound('Customer not found');
  const left = creditLeftPaise(c);
  return {
    ...summaryView(c),
    address: c.address,
    gst_number: c.gstNumber,
    credit_left: left == null ? null : paiseToRupees(left),
    orders: orders.map((o) => ({
      id: o.id,
      order_number: `ORD-${o.number}`,
      channel: o.channel,
      status: o.status,
      payment_method: o.paymentMethod,
      payment_status: o.paymentStatus,
      total: paiseToRupees(o.totalPaise),
      created_at: o.createdAt.toISOString(),
    })),
    khata: entries.map(entryView),
  };
}

/** Sets (or, with null or 0, takes away) the customer's credit limit; recorded on the audit trail. */
export async function setCreditLimit(
  ctx: ShopContext,
  { id, creditLimit }: { id: string; creditLimit: number | null },
) {
  const { deps, store, actor } = ctx;
  const limit = creditLimit ? rupeesToPaise(creditLimit) : null;
  await withStore(deps.db, store.id, async (tx) => {
    const c = await repo.lockCustomer(tx, store.id, { id });
    if (!c) throw notFound('Customer not found');
    await repo.setCreditLimit(tx, store.id, id, limit);
    const words = (p: number | null) => (p == null ? 'no credit' : formatPaise(p));
    await recordAudit(tx, store.id, actor, {
      entity: 'CUSTOMER',
      entityId: id,
      action: 'UPDATE',
      summary: `Credit limit of ${c.name}: ${words(c.creditLimitPaise)} → ${words(limit)}`,
      before: { credit_limit: c.creditLimitPaise == null ? null : c.creditLimitPaise / 100 },
      after: { credit_limit: limit == null ? null : limit / 100 },
    });
  });
  return getCustomer(ctx, id);
}

/** The exact-amount UPI payment link (NPCI's upi://pay) to the shop's UPI id, as the counter and checkout build it. */
export function khataUpiLink(upiId: string, shopName: string, amountPaise: number, customer: string) {
  const q = new URLSearchParams({
    pa: upiId,
    pn: shopName,
    am: (amountPaise / 100).toFixed(2),
    cu: 'INR',
    tn: `Khata of ${customer} at ${shopName}`,
  });
  return `upi://pay?${q.toString()}`;
}

/** The reminder: what is due, the shop's UPI link for it, and the wa.me link that sends it to the customer. */
export async function reminder({ deps, store }: ShopContext, id: string): Promise<CustomerReminder> {
  const [c, settings] = await readInStore(deps.db, store.id, (tx) => [
    repo.customerById(tx, store.id, id),
    ordersModule.findSettings(tx),
  ]);
  if (!c) throw notFound('Customer not found');
  const due = Math.max(c.balancePaise, 0);
  const upiLink =
    settings?.upiId && due > 0 ? khataUpiLink(settings.upiId, store.storeName, due, c.name) : null;
  const text = reminderText({ shop: store.storeName, name: c.name, balance: paiseToRupees(due), upiLink });
  return {
    balance: paiseToRupees(c.balancePaise),
    upi_link: upiLink,
    text,
    whatsapp_url: `https://wa.me/91${c.phone}?text=${encodeURIComponent(text)}`,
  };
}
