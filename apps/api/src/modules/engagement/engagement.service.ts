import type { SaleNotifyData } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { FastifyRequest } from 'fastify';
import type { Deps, Origin } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { type Actor, clientIp } from '../../plugins/auth.ts';

import type { StoreRow } from '../stores/index.ts';
import * as confirmations from './confirmation.repository.ts';
import { mailBudgetLeft, mailConfirmation, shopConfirmUrl, spendMailBudget } from './confirmation.service.ts';
import * as repo from './engagement.repository.ts';

/**
 * Anyone may subscribe any address, so every sign-up box (Notify Me, a shop's newsletter, the platform's) is
 * limited per client address: 5 in 10 minutes and 20 a day each, enough for a family behind one router, too
 * little to turn a shop into a mailing cannon.
 */
export const SUBSCRIPTION_LIMITS = { perTenMinutes: 5, perDay: 20 } as const;

export const limitSubscriptions = (
  deps: Deps,
  req: FastifyRequest,
  what: 'sale-notify' | 'stock-alert' | 'shop-newsletter' | 'newsletter',
) =>
  enforceLimits(
    deps,
    [
      { key: `${what}:ip:${clientIp(req)}`, max: SUBSCRIPTION_LIMITS.perTenMinutes, windowSeconds: 600 },
      { key: `${what}:ip-day:${clientIp(req)}`, max: SUBSCRIPTION_LIMITS.perDay, windowSeconds: 86_400 },
    ],
    'Too many sign-ups from your network. Please wait a few minutes and try again.',
  );

export const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Notify Me on an upcoming sale. A signed-in customer of this shop with a verified email is subscribed with it at
 * once; anyone else gives an address, which is put on the list pending and mailed a link (double opt-in). Only
 * a sale of this shop that has not started can be subscribed to; subscribing again is not an error.
 */
export async function subscribeToSale(
  deps: Deps,
  { store, origin, actor }: { store: StoreRow; origin: Origin; actor: Actor | null },
  { dealId, email: givenEmail }: { dealId: string; email: string | undefined },
): Promise<SaleNotifyData> {
  const customerId = actor?.role === 'CUSTOMER' && actor.storeId === store.id ? actor.userId : null;
  const account = customerId ? await repo.accountEmail(deps.db, customerId) : null;
  const email = account?.email ?? (givenEmail ? normalise(givenEmail) : null);
  if (!email) {
    throw badRequest('Please enter your email address so we can tell you when the sale starts', [
      { path: 'email', message: 'Please enter your email address' },
    ]);
  }
  if (!isUuid(dealId)) throw notFound('Sale not found');
  const budgetLeft = account?.verified || (await mailBudgetLeft(deps, email));
  const { data, mailed } = await withStore(deps.db, store.id, async (tx) => {
    const deal = await repo.findDeal(tx, dealId);
    if (!deal) throw notFound('Sale not found');
    if (deal.ended) throw conflict('This sale has already ended', 'SALE_ENDED');
    if (deal.started) throw conflict('This sale has already started: the offer is live now', 'SALE_STARTED');
    const row = { storeId: store.id, dealId: deal.id, email, customerId: account ? customerId : null };
    const answer = { deal_id: deal.id, email, starts_at: deal.startsAt.toISOString() };
    if (account?.verified) {
      const added = await repo.addConfirmedSaleSubscription(tx, row);
      return { data: { ...answer, already_subscribed: !added, pending: false }, mailed: false };
    }
    await confirmations.addPendingSaleSubscription(tx, row);
    const sent = await mailConfirmation(tx, {
      email,
      budgetLeft,
      storeId: store.id,
      shopName: store.storeName,
      saleTitle: deal.title,
      claim: (hash) => confirmations.claimSaleMail(tx, deal.id, email, hash),
      link: (token) => shopConfirmUrl(deps, store, origin, token),
    });
    return { data: { ...answer, already_subscribed: false, pending: true }, mailed: sent };
  });
  await spendMailBudget(deps, email, mailed);
  return data;
}

/** The shop footer's newsletter: one row per shop and address, pending until its mailed link is opened. */
export async function subscribeToShopNewsletter(
  deps: Deps,
  store: StoreRow,
  origin: Origin,
  givenEmail: string,
) {
  const email = normalise(givenEmail);
  const budgetLeft = await mailBudgetLeft(deps, email);
  const mailed = await withStore(deps.db, store.id, async (tx) => {
    await confirmations.addPendingShopNewsletter(tx, store.id, email);
    return mailConfirmation(tx, {
      email,
      budgetLeft,
      storeId: store.id,
      shopName: store.storeName,
      claim: (hash) => confirmations.claimShopNewsletterMail(tx, email, hash),
      link: (token) => shopConfirmUrl(deps, store, origin, token),
    });
  });
  await spendMailBudget(deps, email, mailed);
  return { email };
}
