import type { StockAlertData } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { Deps, Origin } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { backInStockMail } from '../mail/index.ts';
import type { StoreRow } from '../stores/index.ts';
import { mailBudgetLeft, mailConfirmation, shopConfirmUrl, spendMailBudget } from './confirmation.service.ts';
import * as repo from './engagement.repository.ts';
import { normalise } from './engagement.service.ts';
import { type DueList, type ListMailerDeps, mailDueList, productUrl } from './list-mailer.ts';
import * as alerts from './stock-alerts.repository.ts';

type Variant = Awaited<ReturnType<typeof alerts.productVariantsOf>>[number];
const named = (v: Variant) => (v.label ? `${v.productName} (${v.label})` : v.productName);

/** The variant asked about: the one named, or a product's only variant; only one that is out of stock. */
function variantAsked(variants: Variant[], variantId: string | undefined): Variant {
  if (!variants.length) throw notFound('Product not found');
  const v = variantId
    ? variants.find((x) => x.variantId === variantId)
    : variants.length === 1
      ? variants[0]
      : null;
  if (!v) {
    throw badRequest('Please choose the option you want', [
      {
        path: 'variant_id',
        message: variantId ? 'This option is not one of the product’s' : 'Please choose an option',
      },
    ]);
  }
  if (v.quantity > 0) throw conflict(`${named(v)} is in stock: you can order it now`, 'IN_STOCK');
  return v;
}

/**
 * Notify me when it's back: a signed-in customer of this shop with a verified email is put on the variant's list
 * at once; anyone else gives an address, which is on it once the mailed link is opened (double opt-in). Only an
 * out-of-stock variant of the shop's active product can be asked about; asking again is not an error.
 */
export async function subscribeToStock(
  deps: Deps,
  { store, origin, actor }: { store: StoreRow; origin: Origin; actor: Actor | null },
  { productId, variantId, email: givenEmail }: { productId: string; variantId?: string; email?: string },
): Promise<StockAlertData> {
  const customerId = actor?.role === 'CUSTOMER' && actor.storeId === store.id ? actor.userId : null;
  const account = customerId ? await repo.accountEmail(deps.db, customerId) : null;
  const email = account?.email ?? (givenEmail ? normalise(givenEmail) : null);
  if (!email) {
    throw badRequest('Please enter your email address so we can tell you when it is back', [
      { path: 'email', message: 'Please enter your email address' },
    ]);
  }
  if (!isUuid(productId)) throw notFound('Product not found');
  const budgetLeft = account?.verified || (await mailBudgetLeft(deps, email));
  const { data, mailed } = await withStore(deps.db, store.id, async (tx) => {
    const v = variantAsked(await alerts.productVariantsOf(tx, productId), variantId);
    const row = {
      storeId: store.id,
      productId,
      variantId: v.variantId,
      email,
      customerId: account ? customerId : null,
    };
    const answer = { product_id: productId, variant_id: v.variantId, email };
    if (account?.verified) {
      const added = await alerts.addConfirmedStockAlert(tx, row);
      return { data: { ...answer, already_subscribed: !added, pending: false }, mailed: false };
    }
    await alerts.addPendingStockAlert(tx, row);
    const sent = await mailConfirmation(tx, {
      email,
      budgetLeft,
      storeId: store.id,
      shopName: store.storeName,
      productName: named(v),
      claim: (hash) => alerts.claimStockAlertMail(tx, v.variantId, email, hash),
      link: (token) => shopConfirmUrl(deps, store, origin, token),
    });
    return { data: { ...answer, already_subscribed: false, pending: true }, mailed: sent };
  });
  await spendMailBudget(deps, email, mailed);
  return data;
}

/** Back-in-stock alerts: due once the variant has stock; closed without a mail when the product was withdrawn. */
const stockList: DueList<Awaited<ReturnType<typeof alerts.claimDueStockAlerts>>[number]> = {
  dueStores: alerts.dueStockAlertStores,
  claim: alerts.claimDueStockAlerts,
  markNotified: alerts.markStockAlertsNotified,
  mailFor: (r, shop) =>
    r.productStatus !== 'ACTIVE'
      ? null
      : backInStockMail({
          to: r.email,
          shopName: shop.name,
          productName: r.label ? `${r.productName} (${r.label})` : r.productName,
          pricePaise: r.pricePaise,
          productUrl: productUrl(shop.url, r.productId),
        }),
  failure: 'back-in-stock alerts failed for a shop; retried on the next run',
};

/**
 * One pass over the back-in-stock alerts: every confirmed address of an open shop whose variant has stock again
 * gets one mail through the outbox, exactly once even with several notifiers running (list-mailer.ts).
 */
export const runStockNotifier = (deps: ListMailerDeps) => mailDueList(deps, stockList);
