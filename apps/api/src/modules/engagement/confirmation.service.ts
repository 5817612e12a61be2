import { createHash, randomBytes } from 'node:crypto';
import type { SubscriptionConfirmData } from '@haat/contracts';
import { type Executor, withStore } from '@haat/db';
import type { Deps, Origin } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { countHit, currentHits } from '../../lib/rate-limit.ts';

import { enqueueMail, subscriptionConfirmMail } from '../mail/index.ts';
import { type StoreRow, storeUrl } from '../stores/index.ts';

import * as repo from './confirmation.repository.ts';
import { confirmStockAlertByToken } from './stock-alerts.repository.ts';

/**
 * Double opt-in for every sign-up box (Notify Me, a shop's newsletter, the platform's): the address is put on the
 * list as pending and gets a one-time link; it is on the list once the link is opened. Re-subscribing mails again,
 * at most once per list every RESEND_GAP_MINUTES, and at most MAILS_PER_ADDRESS_PER_DAY such mails reach one
 * address in a day from all lists together, so nobody can turn the boxes against someone's inbox.
 */
export const MAILS_PER_ADDRESS_PER_DAY = 5;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const dayKey = (email: string) => `subscription-mail:${email}`;

/** Where a link of the shop leads: `…/subscription/confirm?token=` under the shop's own address. */
export const shopConfirmUrl = (deps: Deps, store: StoreRow, origin: Origin, token: string) => {
  const base = storeUrl(deps, store, origin);
  return `${base.endsWith('/') ? base : `${base}/`}subscription/confirm?token=${token}`;
};

/** The platform newsletter's link on the main domain. */
export const platformConfirmUrl = (deps: Deps, origin: Origin, token: string) => {
  const port = origin.port && ![80, 443].includes(origin.port) ? `:${origin.port}` : '';
  return `${origin.protocol}://${deps.config.PLATFORM_DOMAIN}${port}/newsletter/confirm?token=${token}`;
};

/**
 * Whether one more confirmation mail may reach this address today. Asked before the sign-up's transaction and
 * spent after it (`spendMailBudget`), as the counters live outside it (and PGlite has one connection).
 */
export async function mailBudgetLeft(deps: Deps, email: string) {
  if (deps.config.RATE_LIMITS === 'off') return true;
  return (await currentHits(deps, dayKey(email), 86_400)).hits < MAILS_PER_ADDRESS_PER_DAY;
}

/** Counts a confirmation mail that went out against the address's daily budget. */
export async function spendMailBudget(deps: Deps, email: string, mailed: boolean) {
  if (mailed && deps.config.RATE_LIMITS !== 'off') await countHit(deps, dayKey(email), 86_400);
}

/**
 * Mails the address a new link (or, when it is confirmed already, a note saying so) if the address's daily
 * budget (`budgetLeft`) and the list's gap allow; otherwise sends nothing. `claim` records the mail on the row
 * with the new link's hash and answers null when the last one went out too recently. The mail is queued in
 * `exec`, with the row. Answers whether a mail was queued.
 */
export async function mailConfirmation(
  exec: Executor,
  input: {
    email: string;
    budgetLeft: boolean;
    storeId: string | null;
    shopName?: string | null;
    saleTitle?: string | null;
    productName?: string | null;
    claim: (hash: string) => Promise<repo.Claim>;
    link: (token: string) => string;
  },
): Promise<boolean> {
  if (!input.budgetLeft) return false;
  const token = randomBytes(32).toString('base64url');
  const claimed = await input.claim(tokenHash(token));
  if (!claimed) return false;
  const mail = subscriptionConfirmMail({
    to: input.email,
    shopName: input.shopName,
    saleTitle: input.saleTitle,
    productName: input.productName,
    confirmUrl: claimed.confirmedAt ? null : input.link(token),
    days: repo.LINK_DAYS,
  });
  await enqueueMail(exec, { ...mail, storeId: input.storeId });
  return true;
}

const invalidLink = () =>
  badRequest('This link has expired or was already used. Please subscribe again to get a new one.', [
    { path: 'token', message: 'This link has expired or was already used' },
  ]);

/** Opens a link of one of the shop's lists (Notify Me or its newsletter): the address is on that list from now. */
export async function confirmShopSubscription(
  deps: Deps,
  store: StoreRow,
  token: string,
): Promise<SubscriptionConfirmData> {
  const hash = tokenHash(token);
  return withStore(deps.db, store.id, async (tx) => {
    const sale = await repo.confirmSaleByToken(tx, hash);
    if (sale) return { list: 'SALE', email: sale.email, sale_title: sale.saleTitle, product_name: null };
    const stock = await confirmStockAlertByToken(tx, hash);
    if (stock)
      return { list: 'STOCK', email: stock.email, sale_title: null, product_name: stock.productName };
    const news = await repo.confirmShopNewsletterByToken(tx, hash);
    if (news) return { list: 'NEWSLETTER', email: news.email, sale_title: null, product_name: null };
    throw invalidLink();
  });
}

/** Opens a link of the platform newsletter. */
export async function confirmPlatformNewsletter(deps: Deps, token: string): Promise<SubscriptionConfirmData> {
  const row = await repo.confirmNewsletterByToken(deps.db, tokenHash(token));
  if (!row) throw invalidLink();
  return { list: 'NEWSLETTER', email: row.email, sale_title: null, product_name: null };
}

/** The platform newsletter's sign-up: pending, with a link mailed (or a note, if already on the list). */
export async function subscribeToPlatformNewsletter(deps: Deps, origin: Origin, email: string) {
  const budgetLeft = await mailBudgetLeft(deps, email);
  const mailed = await deps.db.transaction(async (tx) => {
    await repo.addPendingNewsletter(tx, email);
    return mailConfirmation(tx, {
      email,
      budgetLeft,
      storeId: null,
      claim: (hash) => repo.claimNewsletterMail(tx, email, hash),
      link: (token) => platformConfirmUrl(deps, origin, token),
    });
  });
  await spendMailBudget(deps, email, mailed);
  return { email };
}
