import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withStore } from '../context.ts';
import { khataEntries, posCustomers } from '../schema/index.ts';

/*
 * A demo shop's customer book and khata (issue 38). The book already holds the shop's online customers (the orders
 * trigger of migration 0051 adds each on its first order) and its counter customers (demo-orders.ts); here every
 * past sale is linked to its customer by phone, and the shop's three most regular customers get a credit limit, two
 * of them with what they owed in the shop's paper khata brought forward and part payments since. Deterministic from
 * `now`, and run once: a shop with khata entries is left as it is.
 */

const DAY = 86_400_000;
const rupees = (r: number) => r * 100;

interface Line {
  daysAgo: number;
  kind: 'SALE' | 'PAYMENT';
  amount: number;
  method?: 'CASH' | 'UPI';
  note: string;
}

const BOOKS: { limit: number; lines: Line[] }[] = [
  {
    limit: 5000,
    lines: [
      { daysAgo: 40, kind: 'SALE', amount: 1850, note: 'Brought forward from the paper khata' },
      { daysAgo: 21, kind: 'PAYMENT', amount: 1000, method: 'UPI', note: 'Part payment' },
      { daysAgo: 9, kind: 'SALE', amount: 640, note: 'Groceries for the week, on khata' },
      { daysAgo: 3, kind: 'PAYMENT', amount: 500, method: 'CASH', note: 'Part payment' },
    ],
  },
  {
    limit: 3000,
    lines: [
      { daysAgo: 25, kind: 'SALE', amount: 1200, note: 'Brought forward from the paper khata' },
      { daysAgo: 6, kind: 'PAYMENT', amount: 500, method: 'CASH', note: 'Part payment' },
    ],
  },
  { limit: 2000, lines: [] },
];

/** Links the shop's past sales to its customers and writes its demo khata; the entries written. */
export async function seedDemoKhata(db: Db, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    await tx.execute(sql`update orders o set shop_customer_id = c.id from pos_customers c
      where o.store_id = ${storeId} and c.store_id = ${storeId} and o.shop_customer_id is null
        and c.phone = shop_phone(coalesce(o.contact_phone, o.ship_phone))`);
    const [seen] = await tx
      .select({ id: khataEntries.id })
      .from(khataEntries)
      .where(eq(khataEntries.storeId, storeId))
      .limit(1);
    if (seen) return 0;
    const regulars = await tx
      .select({ id: posCustomers.id })
      .from(posCustomers)
      .where(and(eq(posCustomers.storeId, storeId), gt(posCustomers.visits, 0)))
      .orderBy(desc(posCustomers.visits), asc(posCustomers.phone))
      .limit(BOOKS.length);
    let written = 0;
    for (const [i, c] of regulars.entries()) {
      const book = BOOKS[i];
      if (!book) continue;
      let balance = 0;
      const rows = book.lines.map((l) => {
        const amount = l.kind === 'SALE' ? rupees(l.amount) : -rupees(l.amount);
        balance += amount;
        return {
          storeId,
          customerId: c.id,
          kind: l.kind,
          amountPaise: amount,
          balanceAfterPaise: balance,
          method: l.method ?? null,
          note: l.note,
          createdAt: new Date(now.getTime() - l.daysAgo * DAY),
        };
      });
      if (rows.length) await tx.insert(khataEntries).values(rows);
      await tx
        .update(posCustomers)
        .set({ creditLimitPaise: rupees(book.limit), balancePaise: balance })
        .where(and(eq(posCustomers.storeId, storeId), eq(posCustomers.id, c.id)));
      written += rows.length;
    }
    return written;
  });
}
