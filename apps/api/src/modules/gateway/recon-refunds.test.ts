import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GATEWAY,
  type GatewayWorld,
  gatewayApp,
  onlineOrder,
  shopKeys,
  storedPayment,
} from './gateway.test-helpers.ts';
import { fromRazorpayRecon } from './razorpay.ts';
import { runGatewayRecon } from './recon.ts';

/*
 * Refunds in the settlement reconciliation (issue 44), against the fake Razorpay's recon report (refund lines as
 * in the documented sample, fixtures/razorpay/settlement-recon-refund.json), on the real database: a refund the
 * gateway settled is matched to the shop's refund; one settled there but pending here, or completed here but not
 * processed there, is listed once; and the merchant marks a mismatch resolved with a note (audited).
 */

const DAY = 86_400_000;
const MISMATCHES = `${GATEWAY}mismatches/`;
let w: GatewayWorld;
beforeAll(async () => {
  w = await gatewayApp();
  expect((await w.vendor.call('PUT', GATEWAY, shopKeys)).statusCode).toBe(200);
}, 120_000);
afterAll(() => w?.close());

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/razorpay', name), 'utf8')) as {
    items: Record<string, unknown>[];
  };

/** An order paid online, then refunded in part by the merchant through the gateway (pending there). */
async function refundedOrder(amountRupees = 2) {
  const o = await onlineOrder(w);
  const { gateway_order_id } = await o.pay();
  const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', method: 'card' });
  const txId = (await storedPayment(w, o.orderId)).payment?.id as string;
  const res = await w.vendor.call('POST', `/api/admin/transaction/${txId}/refund/`, {
    amount: amountRupees,
    reason: 'One item arrived damaged',
    method: 'GATEWAY',
  });
  expect(res.statusCode, res.body).toBe(200);
  const refund = [...w.fake.refunds.values()].find((r) => r.payment_id === paid.payment.id);
  if (!refund) throw new Error('no refund at the gateway');
  return { orderId: o.orderId, paymentId: paid.payment.id, refund, txId };
}

const ourRefund = (gatewayRefundId: string) =>
  withStore(w.t.owner, w.shops.a.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.gatewayRefundId, gatewayRefundId));
    return row;
  });
const log = { error: () => {}, info: () => {}, warn: () => {} } as never;
const recon = (now: Date) => runGatewayRecon({ db: w.t.deps.db, config: w.t.deps.config, log }, now);

describe('the documented settlement report', () => {
  it('reads refund lines with the payment they refund; transfers and adjustments are neither', () => {
    const lines = fixture('settlement-recon-refund.json').items.map(fromRazorpayRecon);
    expect(lines.map((l) => [l.type, l.entityId, l.paymentId, l.amountPaise])).toEqual([
      ['payment', 'pay_DEXrnipqTmWVGE', 'pay_DEXrnipqTmWVGE', 100000],
      ['refund', 'rfnd_DGRcGzZSLyEdg1', 'pay_DEXq1pACSqFxtS', 242500],
      ['other', 'trf_DEUoCEtdsJgvl7', 'pay_DEApNNTR6xmqJy', 100000],
      ['other', 'adj_EhcHONhX4ChgNC', null, 1012],
    ]);
    expect(lines[1]?.settlementId).toBe('setl_DGlQ1Rj8os78Ec');
  });
});

describe('refunds in the reconciliation', () => {
  it('matches settled refunds, and lists one settled but pending here and one completed but not processed', async () => {
    const matched = await refundedOrder();
    expect(await w.fake.settleRefund(matched.refund.id)).toBe(200);
    // Processed at the gateway, its webhook lost: pending here.
    const lost = await refundedOrder();
    lost.refund.status = 'processed';
    // Completed here by its webhook, then not processed at the gateway after all (reversed there).
    const reversed = await refundedOrder();
    expect(await w.fake.settleRefund(reversed.refund.id)).toBe(200);
    reversed.refund.status = 'pending';
    // Debited for another amount than ours.
    const differs = await refundedOrder(3);
    expect(await w.fake.settleRefund(differs.refund.id)).toBe(200);

    const now = new Date(Date.now() + 3 * DAY);
    const through = new Date(+now - DAY);
    const ids = [matched, lost, differs].map((r) => r.refund.id);
    const setl = w.fake.settle(ids, through, [200, 200, 290]);
    // A refund line's created_at is the refund's own, not its payment's (made an hour after it here).
    matched.refund.created_at = Number(matched.refund.created_at) + 3600;
    // The report's refund line is the documented one, field for field.
    const auth = `Basic ${Buffer.from(`${shopKeys.key_id}:${shopKeys.key_secret}`).toString('base64')}`;
    const day = through.toISOString().slice(0, 10).split('-').map(Number);
    const q = `year=${day[0]}&month=${day[1]}&day=${day[2]}&count=100`;
    const report = (await (
      await fetch(`${w.fake.url}/v1/settlements/recon/combined?${q}`, { headers: { authorization: auth } })
    ).json()) as { items: Record<string, unknown>[] };
    const line = report.items.find((i) => i.entity_id === matched.refund.id);
    expect(Object.keys(line ?? {}).sort()).toEqual(
      Object.keys(fixture('settlement-recon-refund.json').items[1] ?? {}).sort(),
    );
    expect(line).toMatchObject({
      type: 'refund',
      debit: 200,
      credit: 0,
      payment_id: matched.paymentId,
      created_at: matched.refund.created_at,
    });

    await recon(now);
    await recon(now);
    await recon(new Date(+now + DAY));
    expect((await ourRefund(matched.refund.id))?.settlementId).toBe(setl);
    expect((await ourRefund(lost.refund.id))?.status).toBe('PENDING');
    const rows = await withStore(w.t.owner, w.shops.a.id, (tx) => tx.select().from(schema.gatewayMismatches));
    const refunds = rows.filter((r) => r.gatewayRefundId);
    expect(refunds.map((r) => [r.kind, r.gatewayRefundId, r.orderId]).sort()).toEqual(
      [
        ['REFUND_NOT_RECORDED', lost.refund.id, lost.orderId],
        ['REFUND_NOT_PROCESSED', reversed.refund.id, reversed.orderId],
        ['AMOUNT_DIFFERS', differs.refund.id, differs.orderId],
      ].sort(),
    );
    expect(refunds.find((r) => r.kind === 'AMOUNT_DIFFERS')).toMatchObject({
      gatewayPaymentId: differs.paymentId,
      gatewayAmountPaise: 290,
      ourAmountPaise: 300,
      settlementId: setl,
    });
    expect(refunds.find((r) => r.kind === 'REFUND_NOT_PROCESSED')).toMatchObject({
      gatewayPaymentId: reversed.paymentId,
      ourAmountPaise: 200,
      settlementId: null,
    });
  });
});

describe('marking a mismatch resolved', () => {
  it('takes a note, leaves the open list, shows under resolved and in the audit log, once', async () => {
    const open = (await w.vendor.call('GET', MISMATCHES)).json().data;
    const m = open.mismatches.find((x: { kind: string }) => x.kind === 'REFUND_NOT_RECORDED');
    expect(m).toMatchObject({ resolved_at: null, order_number: expect.stringMatching(/^ORD-\d+$/) });
    expect(open.open_count).toBe(open.mismatches.length);

    const path = `${MISMATCHES}${m.id}/resolve/`;
    const empty = await w.vendor.call('POST', path, { note: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].path).toBe('note');
    const unknown = await w.vendor.call('POST', `${MISMATCHES}${crypto.randomUUID()}/resolve/`, {
      note: 'Checked',
    });
    expect(unknown.statusCode).toBe(404);

    const note = 'Refund confirmed in the Razorpay Dashboard; marked completed with the customer';
    const res = await w.vendor.call('POST', path, { note });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: m.id, resolved_note: note });
    expect(res.json().data.resolved_by).toBeTruthy();
    const again = await w.vendor.call('POST', path, { note });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('ALREADY_RESOLVED');

    const after = (await w.vendor.call('GET', MISMATCHES)).json().data;
    expect(after.mismatches.map((x: { id: string }) => x.id)).not.toContain(m.id);
    expect(after.open_count).toBe(open.open_count - 1);
    const resolved = (await w.vendor.call('GET', `${MISMATCHES}?status=resolved`)).json().data;
    expect(resolved.mismatches).toEqual([expect.objectContaining({ id: m.id, resolved_note: note })]);
    const bad = await w.vendor.call('GET', `${MISMATCHES}?status=closed`);
    expect(bad.statusCode).toBe(400);

    const audit = await withStore(w.t.owner, w.shops.a.id, (tx) =>
      tx.select().from(schema.auditEvents).where(eq(schema.auditEvents.entityId, m.order_id)),
    );
    expect(audit.map((a) => a.summary)).toContainEqual(
      expect.stringContaining(`Settlement mismatch resolved on ${m.order_number}`),
    );
  });
});
