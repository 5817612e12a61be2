import { type SQL, sql } from 'drizzle-orm';

/**
 * The register session a person has open in a shop, as an expression for the statement that records cash (a
 * counter sale, a cash refund, a khata payment, cash paid out for an expense or to a supplier): null when they have
 * none open. At most one is open per person (`register_sessions_open_cashier_uq`, migration 0050), so the drawer a
 * close counts is exactly the rows that name its session.
 */
export function openRegisterSession(storeId: string, userId: string | null | undefined): SQL<string | null> {
  if (!userId) return sql<null>`null::uuid`;
  return sql<string | null>`(select rs.id from register_sessions rs
    where rs.store_id = ${storeId} and rs.cashier_id = ${userId} and rs.closed_at is null)`;
}
