import { randomBytes } from 'node:crypto';

/*
 * The fake Razorpay's settlements (docs: Settlements, "Fetch Settlement Recon Details", as of 2026-12; fixture
 * fixtures/razorpay/settlement-recon.json and settlement-recon-refund.json): a test settles captured payments and
 * processed refunds (debited) into one settlement on a day, and GET /v1/settlements/recon/combined?year=&month=&day=
 * lists them as the documented collection, paged by count and skip. The day is the settlement's UTC date.
 */

type Payment = Record<string, unknown> & { id: string; keyId: string };

export interface SettledLine {
  keyId: string;
  type: 'payment' | 'refund';
  /** The payment's or the refund's id. */
  entityId: string;
  /** The payment (a refund's: the one it refunds). */
  paymentId: string;
  settlementId: string;
  settledAt: number;
  /** What the report says was settled (a test may make it differ from the payment). */
  amount: number;
}

const utcDay = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** The fake's books this reads and writes. */
interface Books {
  settled: SettledLine[];
  payments: Map<string, Payment>;
  refunds: Map<string, Record<string, unknown> & { id: string; keyId: string }>;
}

/**
 * Settles payments (captured) and refunds (processed; ids `rfnd_…`) into one new settlement at `at`, reporting
 * `amounts` when given; its id.
 */
export function settlePayments(books: Books, ids: string[], at: Date, amounts: number[] = []) {
  const settlementId = `setl_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
  const settledAt = Math.floor(+at / 1000);
  ids.forEach((id, i) => {
    const refund = id.startsWith('rfnd_') ? books.refunds.get(id) : undefined;
    if (refund) {
      if (refund.status !== 'processed') throw new Error(`${id} is not processed`);
      const amount = amounts[i] ?? Number(refund.amount);
      const paymentId = String(refund.payment_id);
      books.settled.push({
        keyId: refund.keyId,
        type: 'refund',
        entityId: id,
        paymentId,
        settlementId,
        settledAt,
        amount,
      });
      return;
    }
    const p = books.payments.get(id);
    if (p?.status !== 'captured' && p?.status !== 'refunded') throw new Error(`${id} is not captured`);
    const amount = amounts[i] ?? Number(p.amount);
    books.settled.push({
      keyId: p.keyId,
      type: 'payment',
      entityId: id,
      paymentId: id,
      settlementId,
      settledAt,
      amount,
    });
  });
  return settlementId;
}

/** The recon report of one key's day, as the API answers it. */
export function reconReport(
  { settled: lines, payments, refunds }: Books,
  keyId: string,
  q: URLSearchParams,
): [number, unknown] {
  const [year, month, day] = ['year', 'month', 'day'].map((k) => Number(q.get(k)));
  if (!year || !month)
    return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'year and month are required' } }];
  const prefix = `${year}-${String(month).padStart(2, '0')}${day ? `-${String(day).padStart(2, '0')}` : ''}`;
  const count = Math.min(Number(q.get('count') ?? 10) || 10, 1000);
  const skip = Number(q.get('skip') ?? 0) || 0;
  const mine = lines.filter((l) => l.keyId === keyId && utcDay(l.settledAt).startsWith(prefix));
  const items = mine
    .slice(skip, skip + count)
    .map((l) =>
      itemOf(l, payments.get(l.paymentId), l.type === 'refund' ? refunds.get(l.entityId) : undefined),
    );
  return [200, { entity: 'collection', count: items.length, items }];
}

/**
 * A report line as documented: a payment credits its amount less the fee, a refund debits its amount; created_at is
 * the entity's own (a refund's, not its payment's).
 */
function itemOf(l: SettledLine, p: Payment | undefined, r?: Record<string, unknown>) {
  const refund = l.type === 'refund';
  const fee = refund ? 0 : Number(p?.fee ?? 0);
  const tax = refund ? 0 : Number(p?.tax ?? 0);
  const card = (p?.card ?? null) as Record<string, unknown> | null;
  return {
    entity_id: l.entityId,
    type: l.type,
    debit: refund ? l.amount : 0,
    credit: refund ? 0 : l.amount - fee,
    amount: l.amount,
    currency: 'INR',
    fee,
    tax,
    on_hold: false,
    settled: true,
    created_at: Number((refund ? r?.created_at : p?.created_at) ?? l.settledAt),
    settled_at: l.settledAt,
    settlement_id: l.settlementId,
    posted_at: null,
    credit_type: 'default',
    description: null,
    notes: {},
    payment_id: refund ? l.paymentId : null,
    settlement_utr: `${l.settledAt}utr${l.settlementId.slice(5, 9)}`,
    order_id: p?.order_id ?? null,
    order_receipt: null,
    method: p?.method ?? null,
    card_network: card?.network ?? null,
    card_issuer: card?.issuer ?? null,
    card_type: card?.type ?? null,
    dispute_id: null,
  };
}
