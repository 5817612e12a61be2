import { schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { supplierColumns } from './purchases.repository.ts';

/* Supplier bills, payments to suppliers, and what each supplier is owed (issue 38). */

const { supplierBills: b, supplierPayments: pay, suppliers: s } = schema;

export const insertBill = async (tx: Tx, row: typeof b.$inferInsert) => {
  const [out] = await tx.insert(b).values(row).returning();
  if (!out) throw new Error('bill not inserted');
  return out;
};

export const insertPayment = async (tx: Tx, row: typeof pay.$inferInsert) => {
  const [out] = await tx.insert(pay).values(row).returning();
  if (!out) throw new Error('payment not inserted');
  return out;
};

/** A bill of this supplier with this number already (numbers are the supplier's, compared without case). */
export async function billNumberTaken(tx: Tx, supplierId: string, number: string) {
  const [row] = await tx
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.supplierId, supplierId), sql`lower(${b.billNumber}) = lower(${number})`))
    .limit(1);
  return row !== undefined;
}

export async function findBill(tx: Tx, id: string) {
  const [row] = await tx.select().from(b).where(eq(b.id, id)).limit(1);
  return row;
}

export const listBills = (tx: Tx, by: { supplierId?: string; orderId?: string }) =>
  tx
    .select()
    .from(b)
    .where(
      and(
        by.supplierId ? eq(b.supplierId, by.supplierId) : undefined,
        by.orderId ? eq(b.purchaseOrderId, by.orderId) : undefined,
      ),
    )
    .orderBy(desc(b.billDate), desc(b.createdAt))
    .limit(200);

export const listPayments = (tx: Tx, supplierId?: string, billIds?: string[]) =>
  tx
    .select()
    .from(pay)
    .where(
      and(
        supplierId ? eq(pay.supplierId, supplierId) : undefined,
        billIds
          ? inArray(pay.billId, billIds.length ? billIds : ['00000000-0000-0000-0000-000000000000'])
          : undefined,
      ),
    )
    .orderBy(desc(pay.paidOn), desc(pay.createdAt))
    .limit(200);

/**
 * The supplier's row locked (payments to one supplier queue on it, so two at once both see the balance the other
 * left), with what was billed and paid so far.
 */
export async function lockSupplierBalance(tx: Tx, supplierId: string) {
  const [row] = await tx.select({ id: s.id }).from(s).where(eq(s.id, supplierId)).for('update').limit(1);
  if (!row) return undefined;
  return supplierTotals(tx, supplierId);
}

export async function supplierTotals(tx: Tx, supplierId: string, before?: string) {
  const [billed] = await tx
    .select({ n: sql<number>`coalesce(sum(${b.totalPaise}), 0)::bigint`.mapWith(Number) })
    .from(b)
    .where(and(eq(b.supplierId, supplierId), before ? lt(b.billDate, before) : undefined));
  const [paid] = await tx
    .select({ n: sql<number>`coalesce(sum(${pay.amountPaise}), 0)::bigint`.mapWith(Number) })
    .from(pay)
    .where(and(eq(pay.supplierId, supplierId), before ? lt(pay.paidOn, before) : undefined));
  return { billed: billed?.n ?? 0, paid: paid?.n ?? 0 };
}

/** Every supplier of the shop with what was billed and paid. */
export const supplierBalances = (tx: Tx) =>
  tx
    .select({
      ...supplierColumns,
      billed: sql<number>`(select coalesce(sum(total_paise), 0) from supplier_bills x
        where x.store_id = suppliers.store_id and x.supplier_id = suppliers.id)::bigint`.mapWith(Number),
      paid: sql<number>`(select coalesce(sum(amount_paise), 0) from supplier_payments x
        where x.store_id = suppliers.store_id and x.supplier_id = suppliers.id)::bigint`.mapWith(Number),
    })
    .from(s)
    .orderBy(asc(s.name), asc(s.id));

/** Bills and payments of a period (dates from and to, both included), by date. */
export async function periodEntries(tx: Tx, supplierId: string, from: string, to: string) {
  const [bills, payments] = await Promise.all([
    tx
      .select()
      .from(b)
      .where(and(eq(b.supplierId, supplierId), gte(b.billDate, from), sql`${b.billDate} <= ${to}`))
      .orderBy(asc(b.billDate), asc(b.createdAt)),
    tx
      .select()
      .from(pay)
      .where(and(eq(pay.supplierId, supplierId), gte(pay.paidOn, from), sql`${pay.paidOn} <= ${to}`))
      .orderBy(asc(pay.paidOn), asc(pay.createdAt)),
  ]);
  return { bills, payments };
}
