import type { FakeAccount } from './fake-razorpay.ts';

/*
 * The development test gateway keeps its books in memory: after a restart it knows nothing of the accounts and
 * payments the database says it holds. The server tells it again (POST /_fake/restore, a control route, not part
 * of Razorpay's API): the account with where its webhooks go, and the orders, payments and refunds as Razorpay's
 * entities. What the gateway knows already is kept as it is (it may have moved on since).
 */

type Entity = Record<string, unknown> & { id: string };
type Owned = Entity & { keyId: string };

export interface RestoreBody {
  account: FakeAccount;
  orders?: Entity[];
  payments?: Entity[];
  refunds?: Entity[];
}

interface Books {
  accounts: Map<string, FakeAccount>;
  orders: Map<string, Owned>;
  payments: Map<string, Owned>;
  refunds: Map<string, Owned>;
}

/** Adds what the books lack; how many entities were added. */
export function restoreBooks(books: Books, body: RestoreBody) {
  const a = body.account;
  if (!a?.keyId || !a.keySecret || !a.webhookSecret)
    throw new Error('account needs keyId, keySecret, webhookSecret');
  const known = books.accounts.get(a.keyId);
  if (!known) books.accounts.set(a.keyId, { ...a });
  else if (!known.webhookUrl && a.webhookUrl) known.webhookUrl = a.webhookUrl;
  let added = 0;
  const add = (into: Map<string, Owned>, list: Entity[] | undefined) => {
    for (const e of list ?? []) {
      if (typeof e?.id !== 'string' || into.has(e.id)) continue;
      into.set(e.id, { ...e, keyId: a.keyId });
      added++;
    }
  };
  add(books.orders, body.orders);
  add(books.payments, body.payments);
  add(books.refunds, body.refunds);
  return added;
}
