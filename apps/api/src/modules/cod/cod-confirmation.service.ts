import { createHash, randomBytes } from 'node:crypto';
import { COD_CODE_MAX_TRIES, COD_CODE_TTL_MINUTES, OTP_RESEND_SECONDS } from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import { generateOtp, hashOtp, otpMatches } from '../accounts/index.ts';
import { requireCustomer } from '../cart/index.ts';
import { enqueueMail } from '../mail/index.ts';
import * as orderRepo from '../orders/index.ts';
import { isAwaitingConfirmation, orderNumber } from '../orders/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as repo from './cod.repository.ts';
import { codConfirmMail } from './cod-mails.ts';

/**
 * The customer's confirmation of a large cash-on-delivery order (issue 19, decision 0015). The code follows the
 * sign-in codes' rules: 6 digits from the cryptographic source, stored as an HMAC bound to the order, single use,
 * 10 minutes, dead after 5 wrong tries (then the customer asks for a new one). The one-tap link carries a
 * random token stored as its SHA-256, valid until the order's deadline.
 */
const PURPOSE = 'COD_CONFIRM';
const linkHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh code and link for an order: what to store, and what goes in the mail. */
export function newConfirmation(secret: Uint8Array, storeId: string, orderId: string, now = new Date()) {
  const code = generateOtp();
  const token = randomBytes(24).toString('base64url');
  return {
    code,
    token,
    row: {
      storeId,
      orderId,
      codeHash: hashOtp(secret, orderId, PURPOSE, code),
      codeExpiresAt: new Date(now.getTime() + COD_CODE_TTL_MINUTES * 60_000),
      linkHash: linkHashOf(token),
    },
  };
}

/** The link in the mail: `…/order/confirm-cod?token=` under the shop's own address. */
export const confirmLink = (shopUrl: string, token: string) =>
  `${shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`}order/confirm-cod?token=${token}`;

const invalidCode = (message = 'Invalid or expired code') =>
  new AppError(400, 'VALIDATION_FAILED', `${message}. Check the code in the mail, or ask for a new one.`, {
    reason: 'CODE_INVALID',
    issues: [{ path: 'code', message }],
  });

/** The customer's own order awaiting confirmation, locked; anything else is 404 or 409. */
async function lockAwaiting(tx: Tx, orderId: string, customerId: string) {
  const order = isUuid(orderId) ? await orderRepo.lockOrder(tx, orderId, customerId) : null;
  if (!order?.codConfirmBy) throw notFound('Order not found');
  if (order.codConfirmedAt) return { order, already: true as const };
  if (!isAwaitingConfirmation(order)) {
    throw new AppError(
      409,
      'CONFLICT',
      `Order ${orderNumber(order.number)} can no longer be confirmed: it was cancelled.`,
      {
        reason: 'ORDER_NOT_AWAITING',
      },
    );
  }
  return { order, already: false as const };
}

/** Records the confirmation on the order and its timeline. */
async function confirm(tx: Tx, order: orderRepo.OrderRow, via: 'CODE' | 'LINK', actorId: string | null) {
  await orderRepo.updateOrder(tx, order.id, { codConfirmedAt: new Date() });
  await repo.markConfirmed(tx, order.id, via);
  await orderRepo.insertEvent(tx, {
    storeId: order.storeId,
    orderId: order.id,
    status: 'COD_CONFIRMED',
    note:
      via === 'CODE'
        ? 'Confirmed by the customer with the mailed code'
        : 'Confirmed by the customer with the mailed link',
    actorId,
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * The customer types the mailed code. A wrong code counts as a try even though the request fails, so the
 * outcome is decided inside the transaction and thrown after it commits.
 */
export async function confirmByCode(ctx: ShopContext, { orderId, code }: { orderId: string; code: string }) {
  const { deps, actor, store } = ctx;
  const customerId = requireCustomer(actor, store);
  const outcome = await withStore(deps.db, store.id, async (tx) => {
    const { order, already } = await lockAwaiting(tx, orderId, customerId);
    if (already) return { ok: true as const };
    const row = await repo.lockConfirmation(tx, order.id);
    if (!row || row.codeUsedAt || row.codeExpiresAt.getTime() < Date.now()) return { ok: false as const };
    if (row.attempts >= COD_CODE_MAX_TRIES) return { ok: false as const, locked: true };
    if (!otpMatches(deps.authSecret, order.id, PURPOSE, code, row.codeHash)) {
      await repo.countWrongTry(tx, order.id);
      return { ok: false as const, locked: row.attempts + 1 >= COD_CODE_MAX_TRIES };
    }
    await confirm(tx, order, 'CODE', customerId);
    return { ok: true as const };
  });
  if (!outcome.ok) {
    throw invalidCode(outcome.locked ? 'Too many wrong tries for this code' : 'Invalid or expired code');
  }
}

/** The one-tap link from the mail: no sign-in needed, the token is the proof. */
export async function confirmByLink(deps: Deps, store: StoreRow, token: string) {
  return withStore(deps.db, store.id, async (tx) => {
    const row = await repo.findConfirmationByLink(tx, linkHashOf(token));
    const order = row ? await orderRepo.lockOrder(tx, row.orderId) : null;
    const gone = () =>
      new AppError(400, 'VALIDATION_FAILED', 'This link has expired or the order was cancelled.', {
        reason: 'LINK_INVALID',
        issues: [{ path: 'token', message: 'This link has expired or the order was cancelled' }],
      });
    if (!row || !order) throw gone();
    if (!order.codConfirmedAt) {
      if (!isAwaitingConfirmation(order)) throw gone();
      await confirm(tx, order, 'LINK', null);
    }
    return { order_id: order.id, order_number: orderNumber(order.number), confirmed: true };
  });
}

/** A new code (and link) by mail, at most once every OTP_RESEND_SECONDS. */
export async function resendCode(
  ctx: ShopContext,
  { orderId, shopUrl }: { orderId: string; shopUrl: string },
) {
  const { deps, actor, store } = ctx;
  const customerId = requireCustomer(actor, store);
  await withStore(deps.db, store.id, async (tx) => {
    const { order, already } = await lockAwaiting(tx, orderId, customerId);
    if (already || !order.contactEmail || !order.codConfirmBy) return;
    const row = await repo.lockConfirmation(tx, order.id);
    const age = row ? (Date.now() - row.codeSentAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (age < OTP_RESEND_SECONDS) {
      throw tooManyRequests(
        `Please wait ${Math.ceil(OTP_RESEND_SECONDS - age)} seconds before asking for a new code.`,
        OTP_RESEND_SECONDS - age,
        'RESEND_TOO_SOON',
      );
    }
    const fresh = newConfirmation(deps.authSecret, store.id, order.id);
    await repo.upsertConfirmation(tx, fresh.row);
    const user = await orderRepo.findUser(tx, customerId);
    await enqueueMail(
      tx,
      codConfirmMail({
        to: order.contactEmail,
        firstName: user?.firstName ?? null,
        shopName: store.storeName,
        storeId: store.id,
        orderNumber: orderNumber(order.number),
        totalPaise: order.totalPaise,
        code: fresh.code,
        minutes: COD_CODE_TTL_MINUTES,
        link: confirmLink(shopUrl, fresh.token),
        confirmBy: order.codConfirmBy,
      }),
    );
  });
}
