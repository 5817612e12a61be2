import { type Executor, schema, type Tx } from '@haat/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const { deals, newsletterSubscriptions, saleSubscriptions, shopNewsletterSubscriptions } = schema;

/** Minutes between two mails to one address on one list: re-subscribing sooner sends nothing. */
export const RESEND_GAP_MINUTES = 10;
/** Days a double opt-in link works (the mail says so). */
export const LINK_DAYS = 7;

interface ConfirmColumns {
  confirmedAt: PgColumn;
  confirmTokenHash: PgColumn;
  confirmSentAt: PgColumn;
}

/** A mail may go out: none was sent to this row, or the last one is older than the gap. */
export const mailDue = (t: ConfirmColumns) =>
  sql`(${t.confirmSentAt} is null or ${t.confirmSentAt} <= now() - make_interval(mins => ${RESEND_GAP_MINUTES}))`;

/**
 * What claiming a mail writes: the time it goes out and, for a pending row, the new link's token hash (an
 * earlier link stops working). A confirmed row keeps no token.
 */
export const claimSet = (t: ConfirmColumns, hash: string) => ({
  confirmSentAt: sql`now()`,
  confirmTokenHash: sql`case when ${t.confirmedAt} is null then ${hash} else null end`,
});

/** The row whose live link carries this token hash. */
export const liveToken = (t: ConfirmColumns, hash: string): SQL =>
  and(
    eq(t.confirmTokenHash, hash),
    isNull(t.confirmedAt),
    sql`${t.confirmSentAt} > now() - make_interval(days => ${LINK_DAYS})`,
  ) as SQL;

export const confirmSet = { confirmedAt: sql`now()`, confirmTokenHash: null };

/** Either way a claim answers whether the address was already confirmed; null when a mail went out too recently. */
export type Claim = { confirmedAt: Date | null } | null;

// --- Notify Me (tenant: the shop in context) ---

/** Puts an address on a sale's list as pending; nothing when it is on it already. */
export async function addPendingSaleSubscription(
  tx: Tx,
  row: { storeId: string; dealId: string; email: string; customerId: string | null },
) {
  await tx
    .insert(saleSubscriptions)
    .values(row)
    .onConflictDoNothing({
      target: [saleSubscriptions.storeId, saleSubscriptions.dealId, saleSubscriptions.email],
    });
}

export async function claimSaleMail(tx: Tx, dealId: string, email: string, hash: string): Promise<Claim> {
  const [row] = await tx
    .update(saleSubscriptions)
    .set(claimSet(saleSubscriptions, hash))
    .where(
      and(
        eq(saleSubscriptions.dealId, dealId),
        eq(saleSubscriptions.email, email),
        mailDue(saleSubscriptions),
      ),
    )
    .returning({ confirmedAt: saleSubscriptions.confirmedAt });
  return row ?? null;
}

/** Confirms the sale subscription whose link carries `hash`; its address and sale title, or null. */
export async function confirmSaleByToken(tx: Tx, hash: string) {
  const [row] = await tx
    .update(saleSubscriptions)
    .set(confirmSet)
    .where(liveToken(saleSubscriptions, hash))
    .returning({ email: saleSubscriptions.email, dealId: saleSubscriptions.dealId });
  if (!row) return null;
  const [deal] = await tx.select({ title: deals.title }).from(deals).where(eq(deals.id, row.dealId)).limit(1);
  return { email: row.email, saleTitle: deal?.title ?? null };
}

// --- A shop's newsletter (tenant) ---

export async function addPendingShopNewsletter(tx: Tx, storeId: string, email: string) {
  await tx.insert(shopNewsletterSubscriptions).values({ storeId, email }).onConflictDoNothing();
}

export async function claimShopNewsletterMail(tx: Tx, email: string, hash: string): Promise<Claim> {
  const [row] = await tx
    .update(shopNewsletterSubscriptions)
    .set(claimSet(shopNewsletterSubscriptions, hash))
    .where(and(eq(shopNewsletterSubscriptions.email, email), mailDue(shopNewsletterSubscriptions)))
    .returning({ confirmedAt: shopNewsletterSubscriptions.confirmedAt });
  return row ?? null;
}

export async function confirmShopNewsletterByToken(tx: Tx, hash: string) {
  const [row] = await tx
    .update(shopNewsletterSubscriptions)
    .set(confirmSet)
    .where(liveToken(shopNewsletterSubscriptions, hash))
    .returning({ email: shopNewsletterSubscriptions.email });
  return row ?? null;
}

// --- The platform newsletter (a platform table) ---

export async function addPendingNewsletter(exec: Executor, email: string) {
  await exec.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}

export async function claimNewsletterMail(exec: Executor, email: string, hash: string): Promise<Claim> {
  const [row] = await exec
    .update(newsletterSubscriptions)
    .set(claimSet(newsletterSubscriptions, hash))
    .where(and(eq(newsletterSubscriptions.email, email), mailDue(newsletterSubscriptions)))
    .returning({ confirmedAt: newsletterSubscriptions.confirmedAt });
  return row ?? null;
}

export async function confirmNewsletterByToken(exec: Executor, hash: string) {
  const [row] = await exec
    .update(newsletterSubscriptions)
    .set(confirmSet)
    .where(liveToken(newsletterSubscriptions, hash))
    .returning({ email: newsletterSubscriptions.email });
  return row ?? null;
}
