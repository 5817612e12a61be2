import type { OtpPurpose } from '@haat/contracts';
import type { Executor, Tx } from '@haat/db';
import type { UserRow } from './accounts.repository.ts';
import * as repo from './accounts.repository.ts';
import type { Realm } from './accounts.service.ts';
import { verifyPassword } from './passwords.ts';
import type { ShopperAccountRow } from './shopper-accounts.repository.ts';
import * as shoppers from './shopper-accounts.repository.ts';

/*
 * One shopper account across every shop (issue 40, decision 0029). Each shop keeps its own customer row in users
 * (orders, tokens for store:<id>, the vendor's screens); a verified row is linked to the platform account of its
 * email, whose password and verification count at every shop.
 */

/**
 * What a password sign-in at a shop is checked against: the shop's own row (not linked yet, or unverified with
 * no verified account to fall back on), the platform account (a linked row, or no verified row at this shop while
 * the account is verified), or nothing (unknown). Exactly one hash either way, so the work is the same.
 */
export type Authority =
  | { kind: 'row'; user: UserRow; fallback?: ShopperAccountRow }
  | { kind: 'account'; account: ShopperAccountRow; user: UserRow | null }
  | { kind: 'none' };

export async function signInAuthority(db: Executor, realm: Realm, email: string): Promise<Authority> {
  const user = await repo.findUser(db, realm.role, realm.storeId, email);
  if (realm.role !== 'CUSTOMER') return user ? { kind: 'row', user } : { kind: 'none' };
  if (user?.shopperAccountId) {
    const account = await shoppers.findShopperAccountById(db, user.shopperAccountId);
    if (account) return { kind: 'account', account, user };
  }
  const account = await shoppers.findShopperAccount(db, email);
  // A verified row from before one Haat account: its own password, or the account's (either links it).
  if (user?.emailVerifiedAt)
    return account?.emailVerifiedAt ? { kind: 'row', user, fallback: account } : { kind: 'row', user };
  if (account?.emailVerifiedAt) return { kind: 'account', account, user };
  return user ? { kind: 'row', user } : { kind: 'none' };
}

export const authorityHash = (a: Authority) =>
  a.kind === 'row' ? a.user.passwordHash : a.kind === 'account' ? a.account.passwordHash : null;

/**
 * Checks a sign-in's password: one argon2 verification (a dummy one for an unknown email), and a second only for a
 * verified row not linked yet whose email has a verified account, when its own password did not match. Answers the
 * authority to sign in with (the account, when its password was the one), or null.
 */
export async function checkPassword(a: Authority, password: string): Promise<Authority | null> {
  if (await verifyPassword(authorityHash(a), password)) return a.kind === 'none' ? null : a;
  if (a.kind === 'row' && a.fallback && (await verifyPassword(a.fallback.passwordHash, password)))
    return { kind: 'account', account: a.fallback, user: a.user };
  return null;
}

/** The shop's row to sign in once the authority's password (or code) was right: linked, or created linked. */
export async function signedInRow(tx: Tx, realm: Realm, a: Exclude<Authority, { kind: 'none' }>) {
  if (a.kind === 'row') return linkToPlatform(tx, a.user);
  return customerRowFor(tx, realm.storeId, a.account, a.user ?? undefined);
}

/**
 * Links a verified customer row to the platform account of its email, creating the account from it when there is
 * none (or taking over an account nobody verified). The first verified password is the account's: a row linked to
 * an account that already has one takes the account's. A guest's row (no password, decision 0031) joins the
 * verified account of its email, else stays unlinked until they set a password.
 */
export async function linkToPlatform(tx: Tx, user: UserRow): Promise<UserRow> {
  if (user.role !== 'CUSTOMER' || !user.emailVerifiedAt || user.shopperAccountId) return user;
  let account = await shoppers.lockShopperAccount(tx, user.email);
  if (!user.passwordHash && !account?.emailVerifiedAt) return user;
  const own = {
    passwordHash: user.passwordHash,
    emailVerifiedAt: user.emailVerifiedAt,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
  };
  if (!account) account = await shoppers.insertShopperAccount(tx, { email: user.email, ...own });
  else if (!account.emailVerifiedAt) account = await shoppers.updateShopperAccount(tx, account.id, own);
  if (!account) throw new Error('shopper account vanished');
  const linked = await repo.updateUser(tx, user.id, {
    shopperAccountId: account.id,
    passwordHash: account.passwordHash,
  });
  return linked ?? user;
}

/**
 * The shop's customer row for a verified platform account: the existing one linked (an unverified one is taken
 * over: nobody owned it), or a new one. A row made or taken over here holds the email alone: the name and phone are
 * copied to it when the shopper shares them with the shop at their first order there (`shareWithShop`, 0032).
 * `storeId` null: the marketplace's row (decision 0036).
 */
export async function customerRowFor(
  tx: Tx,
  storeId: string | null,
  account: ShopperAccountRow,
  /** The row of the account's email at the shop, read in this transaction (null: none); undefined: read it here. */
  existing?: UserRow | null,
): Promise<UserRow> {
  const current =
    existing !== undefined ? existing : await repo.findUser(tx, 'CUSTOMER', storeId, account.email);
  const link = { shopperAccountId: account.id, passwordHash: account.passwordHash };
  if (current) {
    if (current.shopperAccountId === account.id) return current;
    const taken = current.emailVerifiedAt
      ? link
      : { ...link, emailVerifiedAt: new Date(), firstName: '', lastName: '', phone: null };
    return (await repo.updateUser(tx, current.id, taken)) ?? current;
  }
  const row = await shoppers.insertCustomerIfAbsent(tx, {
    role: 'CUSTOMER',
    storeId,
    email: account.email,
    firstName: '',
    lastName: '',
    phone: null,
    emailVerifiedAt: new Date(),
    ...link,
  });
  if (row) return row;
  // Another sign-in at this shop created it a moment ago.
  const raced = await repo.findUser(tx, 'CUSTOMER', storeId, account.email);
  if (!raced) throw new Error('customer row vanished');
  return customerRowFor(tx, storeId, account, raced);
}

/** Whose codes a sign-in by code uses, with what was read on the way (so the sign-in does not read it again). */
export interface CodeHolder {
  /** The row whose codes count: the shop's own, or the account's first shop's; null: none. */
  holder: UserRow | null;
  /** The email's verified Haat account, when the holder is another shop's row of it. */
  account: ShopperAccountRow | null;
  /** The shop's own row of the email (null: none), read before the holder. */
  own: UserRow | null;
}

/**
 * Whose codes a code request or check at a shop uses: the shop's own row, or, when it has no verified row and the
 * email's platform account is verified, the account's first linked row (a code proves the email, which they share).
 */
export async function codeHolder(db: Executor, realm: Realm, email: string, purpose: OtpPurpose) {
  return (await findCodeHolder(db, realm, email, purpose)).holder;
}

/** codeHolder, with the account and the shop's own row it read. */
export async function findCodeHolder(
  db: Executor,
  realm: Realm,
  email: string,
  purpose: OtpPurpose,
): Promise<CodeHolder> {
  const own = await repo.findUser(db, realm.role, realm.storeId, email);
  const alone = { holder: own, account: null, own };
  if (realm.role !== 'CUSTOMER' || purpose === 'VERIFY_EMAIL') return alone;
  if (own?.emailVerifiedAt || own?.shopperAccountId) return alone;
  const account = await shoppers.findShopperAccount(db, email);
  if (!account?.emailVerifiedAt) return alone;
  const [home] = await shoppers.linkedCustomers(db, account.id);
  return home ? { holder: home, account, own } : alone;
}

/**
 * After a code of another shop's row was right: this shop's row for the same account, linked. `found` (from
 * findCodeHolder) saves reading the account and the shop's row again; the row is looked for again in the insert,
 * so a sign-in that made it meanwhile is taken.
 */
export async function rowAfterCode(
  tx: Tx,
  realm: Realm,
  holder: UserRow,
  found?: Pick<CodeHolder, 'account' | 'own'>,
): Promise<UserRow> {
  if (holder.storeId === realm.storeId || !holder.shopperAccountId) return holder;
  const known = found?.account?.id === holder.shopperAccountId ? found : undefined;
  const account = known?.account ?? (await shoppers.findShopperAccountById(tx, holder.shopperAccountId));
  if (!account) return holder;
  return customerRowFor(tx, realm.storeId, account, known ? known.own : undefined);
}

/** Sets a new password on the platform account and every shop's row of it; returns those rows' ids. */
export async function setAccountPassword(tx: Tx, user: UserRow, passwordHash: string) {
  if (!user.shopperAccountId) {
    await repo.updateUser(tx, user.id, { passwordHash });
    return [user.id];
  }
  await shoppers.updateShopperAccount(tx, user.shopperAccountId, { passwordHash });
  await shoppers.setLinkedPasswords(tx, user.shopperAccountId, passwordHash);
  return (await shoppers.linkedCustomers(tx, user.shopperAccountId)).map((u) => u.id);
}

/** Whether a sign-up at a shop meets an email whose platform account is verified (then it is told to sign in). */
export async function verifiedAccountOf(db: Executor, realm: Realm, email: string) {
  if (realm.role !== 'CUSTOMER') return null;
  const account = await shoppers.findShopperAccount(db, email);
  return account?.emailVerifiedAt ? account : null;
}

/**
 * The customer rows at other shops of the same Haat shopper account as this shop's customer row (none unlinked);
 * `storeId` null: at every shop (the marketplace's row, decision 0036).
 */
export async function sameShopperElsewhere(db: Executor, userId: string, storeId: string | null) {
  const user = await repo.findUserById(db, userId);
  if (!user?.shopperAccountId || user.role !== 'CUSTOMER') return [];
  return shoppers.linkedElsewhere(db, user.shopperAccountId, storeId);
}

/**
 * The row as its shopper sees themselves at a shop: a linked row not shared with the shop yet shows the account's
 * name and phone (the shop's row holds only the email; decision 0032).
 */
export async function ownView(db: Executor, user: UserRow): Promise<UserRow> {
  if (user.role !== 'CUSTOMER' || user.sharedAt || !user.shopperAccountId) return user;
  return ownViewOf(user, await shoppers.findShopperAccountById(db, user.shopperAccountId));
}

/** ownView with the account already read. */
export function ownViewOf(user: UserRow, account: ShopperAccountRow | null): UserRow {
  if (user.role !== 'CUSTOMER' || user.sharedAt || !account || user.shopperAccountId !== account.id)
    return user;
  return { ...user, firstName: account.firstName, lastName: account.lastName, phone: account.phone };
}
