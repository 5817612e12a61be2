import { preparedSelect, schema, type Tx } from '@haat/db';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserRow } from './accounts.repository.ts';
import type { ShopperAccountRow } from './shopper-accounts.repository.ts';

const { refreshTokens, shopperAccounts, stores, users } = schema;
const NO_STORE = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);
const holder = alias(users, 'holder');
const here = alias(users, 'here');

type RefreshRow = typeof refreshTokens.$inferSelect;

/** Columns under a prefix, so three tables' rows come back flat in one statement and are split again. */
const prefixed = (prefix: string, columns: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(columns).map(([key, column]) => [`${prefix}${key}`, column]));

function part<T>(row: Record<string, unknown>, prefix: string): T | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
  return out.id == null ? null : (out as T);
}

/**
 * What "Continue as" reads, as one statement built once (issue 40's sign-in at a second shop): the refresh token
 * (locked for the transaction), the role and Haat account of the customer row it belongs to, that account, the
 * customer row of the same email at the shop asked for, if any, and that shop's slug. Was five statements, each
 * built by drizzle's query builder on every request.
 */
const continueAsRead = preparedSelect<Record<string, unknown>>((qb) =>
  qb
    .select({
      ...prefixed('t_', getTableColumns(refreshTokens)),
      holder_role: holder.role,
      holder_account: holder.shopperAccountId,
      ...prefixed('a_', getTableColumns(shopperAccounts)),
      ...prefixed('h_', getTableColumns(here)),
      shop_id: stores.id,
      shop_slug: stores.slug,
    })
    .from(refreshTokens)
    .innerJoin(holder, eq(holder.id, refreshTokens.userId))
    .leftJoin(shopperAccounts, eq(shopperAccounts.id, holder.shopperAccountId))
    .leftJoin(stores, eq(stores.id, sql`${sql.placeholder('store')}::uuid`))
    .leftJoin(
      here,
      // Constants written into the statement, so its cached plan matches users_role_store_email_uq's expression.
      and(
        sql`${here.role} = 'CUSTOMER'`,
        sql`coalesce(${here.storeId}, ${NO_STORE}) = coalesce(${sql.placeholder('store')}::uuid, ${NO_STORE})`,
        eq(here.email, shopperAccounts.email),
      ),
    )
    .where(eq(refreshTokens.tokenHash, sql.placeholder('hash')))
    .for('update', { of: refreshTokens })
    .limit(1),
);

export interface ContinueAsRead {
  token: RefreshRow;
  holder: { role: UserRow['role']; shopperAccountId: string | null };
  account: ShopperAccountRow | null;
  /** The customer row of the account's email at the shop asked for. */
  here: UserRow | null;
  shop: { id: string; slug: string } | null;
}

/**
 * The refresh token presented for "Continue as" at `storeId` (null: the marketplace, decision 0036), with what the
 * exchange needs; null when unknown.
 */
export async function readForContinueAs(
  tx: Tx,
  tokenHash: string,
  storeId: string | null,
): Promise<ContinueAsRead | null> {
  const [row] = await continueAsRead.run(tx, { hash: tokenHash, store: storeId });
  const token = row && part<RefreshRow>(row, 't_');
  if (!row || !token) return null;
  return {
    token,
    holder: {
      role: row.holder_role as UserRow['role'],
      shopperAccountId: row.holder_account as string | null,
    },
    account: part<ShopperAccountRow>(row, 'a_'),
    here: part<UserRow>(row, 'h_'),
    shop: row.shop_id ? { id: row.shop_id as string, slug: row.shop_slug as string } : null,
  };
}
