import { formatPaise, type KhataPaymentBody, type khataPaymentBody, rupeesToPaise } from '@haat/contracts';
import { type StoreTx, type Tx, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import * as ordersModule from '../orders/index.ts';
import { holdCashDrawer } from '../registers/index.ts';

import * as repo from './customers.repository.ts';
import { entryView } from './customers-view.ts';

/*
 * The khata (issue 38): a counter sale on the customer's account and payments received against it. Every change of
 * one balance locks the customer's row first (`lockCustomer`, FOR UPDATE), so two cashiers taking payments on the
 * same khata at once queue there: each entry's balance after is the balance before it plus its amount.
 */

type PaymentBody = z.output<typeof khataPaymentBody>;

/**
 * The customer a sale on credit goes to, locked for the sale's transaction: their balance after the sale may not
 * pass their credit limit (no limit: no credit beyond what they hold as an advance, which a sale uses first). 409
 * names the limit and the balance. `paidByAdvance`: the advance covers the whole sale, so it is paid at once.
 */
export async function creditCustomer(
  tx: Tx,
  storeId: string,
  { phone, totalPaise }: { phone: string; totalPaise: number },
) {
  const c = await repo.lockCustomer(tx, storeId, { phone });
  const limit = Math.max(c?.creditLimitPaise ?? 0, 0);
  const after = (c?.balancePaise ?? 0) + totalPaise;
  if (!c || (limit === 0 && after > 0)) {
    const held =
      c && c.balancePaise < 0
        ? ` (the ${formatPaise(-c.balancePaise)} advance they hold does not cover this sale)`
        : '';
    const message = `${c?.name ?? 'This customer'} has no credit limit${held}: set one on the customer to sell on khata.`;
    throw new AppError(409, 'CONFLICT', message, {
      reason: 'NO_CREDIT',
      issues: [{ path: 'payment.method', message }],
    });
  }
  if (after > limit) {
    const message = `This sale would take ${c.name}'s khata to ${formatPaise(after)}, above the credit limit of ${formatPaise(limit)} (balance now ${formatPaise(c.balancePaise)}).`;
    throw new AppError(409, 'CONFLICT', message, {
      reason: 'CREDIT_LIMIT',
      issues: [{ path: 'payment.method', message }],
      details: {
        credit_limit: limit / 100,
        balance: c.balancePaise / 100,
        credit_left: Math.max(limit - c.balancePaise, 0) / 100,
      },
    });
  }
  return { ...c, paidByAdvance: after <= 0 };
}

/**
 * The khata SALE entry of a counter sale on credit, sent with the sale's other statements before its COMMIT; a sale
 * the customer's advance covers whole is paid by it (the sale's own rows say so), with a note on its timeline.
 */
export function sendCreditSale(
  tx: Tx,
  send: StoreTx['send'],
  s: { storeId: string; customer: CreditCustomer; orderId: string; totalPaise: number; actor: Actor },
) {
  const after = s.customer.balancePaise + s.totalPaise;
  send(
    repo.insertEntry(tx, {
      storeId: s.storeId,
      customerId: s.customer.id,
      kind: 'SALE',
      amountPaise: s.totalPaise,
      balanceAfterPaise: after,
      orderId: s.orderId,
      createdBy: s.actor.userId,
      createdAt: sql`clock_timestamp()`,
    }),
  );
  send(repo.setBalance(tx, s.storeId, s.customer.id, after));
  if (s.customer.paidByAdvance)
    send(
      ordersModule.insertEvent(tx, {
        storeId: s.storeId,
        orderId: s.orderId,
        status: 'PAYMENT_RECEIVED',
        note: `Paid from the khata's advance (${formatPaise(-s.customer.balancePaise)} held, ${formatPaise(-after)} left)`,
        actorId: s.actor.userId,
      }),
    );
}

export type CreditCustomer = Awaited<ReturnType<typeof creditCustomer>>;

/**
 * Money received on a khata: a PAYMENT entry (negative, with the balance after it) lowers the balance, cash names
 * the register the cashier has open, and the customer's unpaid credit sales are settled oldest first while what
 * was paid covers them whole. A payment above the balance is kept as an advance only when asked.
 */
export async function receivePayment(
  ctx: ShopContext,
  { customerId, body }: { customerId: string; body: PaymentBody },
) {
  const { deps, store, actor } = ctx;
  const amount = rupeesToPaise(body.amount);
  return retryOnDeadlock(() =>
    withStore(deps.db, store.id, async (tx) => {
      // Cash goes into the cashier's open drawer, held open until this commits: a close counts it or refuses it.
      const drawer = body.method === 'CASH' ? await holdCashDrawer(tx, store.id, actor.userId) : null;
      const c = await repo.lockCustomer(tx, store.id, { id: customerId });
      if (!c) throw notFound('Customer not found');
      checkAdvance(c, amount, body);
      const after = c.balancePaise - amount;
      const [entry] = await repo.insertEntry(tx, {
        storeId: store.id,
        customerId: c.id,
        kind: 'PAYMENT',
        amountPaise: -amount,
        balanceAfterPaise: after,
        method: body.method,
        reference: body.reference || null,
        note: body.note || null,
        registerSessionId: drawer?.id ?? null,
        createdBy: actor.userId,
        // When the row is written, after the customer's lock: entries sort in the order of their balances.
        createdAt: sql`clock_timestamp()`,
      });
      await repo.setBalance(tx, store.id, c.id, after);
      const settled = await settleCreditSales(tx, ctx, c.id, body.method);
      await recordAudit(tx, store.id, actor, {
        entity: 'CUSTOMER',
        entityId: c.id,
        action: 'PAYMENT',
        summary: `Khata payment of ${formatPaise(amount)} by ${body.method} from ${c.name}; balance ${formatPaise(after)}`,
        before: { balance: c.balancePaise / 100 },
        after: { balance: after / 100, settled: settled.map((s) => `ORD-${s.number}`) },
      });
      if (!entry) throw new Error('the khata entry was not written');
      return {
        entry: entryView({ ...entry, orderNumber: null }),
        balance: after / 100,
        settled_orders: settled.map((s) => s.id),
      };
    }),
  );
}

function checkAdvance(c: repo.LockedCustomer, amount: number, body: KhataPaymentBody) {
  const due = Math.max(c.balancePaise, 0);
  if (amount <= due || body.confirm_advance) return;
  const extra = amount - due;
  const message = `${c.name}'s balance is ${formatPaise(c.balancePaise)}: ${formatPaise(extra)} of this payment would be kept as an advance, to be used on their next purchases on khata. Keep it as an advance?`;
  throw new AppError(409, 'CONFLICT', message, {
    reason: 'ADVANCE_NOT_CONFIRMED',
    issues: [{ path: 'amount', message }],
    details: { balance: c.balancePaise / 100, advance: extra / 100 },
  });
}

/**
 * The unpaid credit sales (oldest first) that what is `available` pays in full: the oldest while it lasts, stopping
 * at the first it cannot cover whole (paid in order, a later small sale never jumps an older one).
 */
export function settledOldestFirst<T extends { totalPaise: number }>(open: T[], available: number): T[] {
  const settled: T[] = [];
  let left = available;
  for (const sale of open) {
    if (left < sale.totalPaise) break;
    left -= sale.totalPaise;
    settled.push(sale);
  }
  return settled;
}

/**
 * Settles the customer's unpaid credit sales oldest first with what the khata has received and not yet spent on a
 * settled sale: each sale covered whole becomes paid (its order and its payment record, as the orders module
 * records a payment received), with an event on its timeline.
 */
async function settleCreditSales(tx: Tx, ctx: ShopContext, customerId: string, method: string) {
  const storeId = ctx.store.id;
  const [open, paid, spent] = await Promise.all([
    repo.unpaidCreditSales(tx, storeId, customerId),
    repo.paidInAll(tx, storeId, customerId),
    repo.settledCreditTotal(tx, storeId, customerId),
  ]);
  const settled = settledOldestFirst(open, paid - spent);
  for (const sale of settled) {
    await ordersModule.updateOrder(tx, sale.id, { paymentStatus: 'SUCCESS' });
    await ordersModule.receivePayment(tx, sale.id, { by: ctx.actor.userId });
    await ordersModule.insertEvent(tx, {
      storeId,
      orderId: sale.id,
      status: 'PAYMENT_RECEIVED',
      note: `Paid on the khata (${method})`,
      actorId: ctx.actor.userId,
    });
  }
  return settled;
}
