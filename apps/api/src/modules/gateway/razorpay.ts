import type Razorpay from 'razorpay';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewaySettlementLine,
  type PaymentProvider,
} from './provider.ts';
import { paymentSignatureOk, webhookSignatureOk } from './signatures.ts';

/*
 * Razorpay through its official Node SDK (`razorpay` on npm), loaded on first use. The SDK has no option for its
 * host (it builds an axios instance for https://api.razorpay.com), so the instance's base URL is set after
 * construction: RAZORPAY_API_URL for the real API (its default) or the test gateway / fake server.
 */

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a fake speaking the same API. */
  baseUrl: string;
}

type SdkCtor = typeof Razorpay;
let loaded: Promise<SdkCtor> | null = null;
const loadSdk = () => {
  loaded ??= import('razorpay').then(
    (m) => (m as unknown as { default?: SdkCtor }).default ?? (m as unknown as SdkCtor),
  );
  return loaded;
};

/** The SDK's rejection ({ statusCode, error: { description } }) or axios' own, as a GatewayError without secrets. */
function gatewayError(e: unknown, what: string): GatewayError {
  const status = (e as { statusCode?: unknown })?.statusCode;
  const description = (e as { error?: { description?: unknown } })?.error?.description;
  if (typeof status !== 'number') {
    return new GatewayError(
      502,
      `Razorpay could not be reached to ${what}. Try again in a moment.`,
      'UNREACHABLE',
    );
  }
  if (status === 401) {
    return new GatewayError(
      400,
      'Razorpay refused the key id and key secret (authentication failed).',
      'AUTH',
    );
  }
  const said = typeof description === 'string' ? `: ${description.slice(0, 200)}` : '';
  if (status === 404) return new GatewayError(404, `Razorpay does not know this ${what}${said}`, 'NOT_FOUND');
  return new GatewayError(502, `Razorpay refused to ${what}${said}`, 'REJECTED');
}

/** Runs one SDK call; whatever it throws becomes a GatewayError (axios' errors carry the request's credentials). */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw gatewayError(e, what);
  }
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** Razorpay's payment entity (docs: Payments entity; acquirer_data holds the RRN and auth code) in our terms. */
export function fromRazorpayPayment(p: Record<string, unknown>): GatewayPayment {
  const card = (p.card ?? {}) as Record<string, unknown>;
  const acquirer = (p.acquirer_data ?? {}) as Record<string, unknown>;
  const status = str(p.status) ?? 'created';
  return {
    id: String(p.id),
    orderId: String(p.order_id ?? ''),
    status: (['created', 'authorized', 'captured', 'refunded', 'failed'].includes(status)
      ? status
      : 'created') as GatewayPayment['status'],
    amountPaise: int(p.amount) ?? 0,
    method: str(p.method),
    cardNetwork: str(card.network),
    cardLast4: str(card.last4),
    bank: str(p.bank),
    vpa: str(p.vpa),
    wallet: str(p.wallet),
    authCode: str(acquirer.auth_code),
    rrn: str(acquirer.rrn),
    feePaise: int(p.fee),
    taxPaise: int(p.tax),
    error: str(p.error_description),
  };
}

export async function razorpayProvider(keys: RazorpayKeys): Promise<PaymentProvider> {
  const Sdk = await loadSdk();
  const sdk = new Sdk({ key_id: keys.keyId, key_secret: keys.keySecret });
  // The SDK's axios instance (lib/api.js: this.rq = axios.create({ baseURL: hostUrl, auth, … })).
  const api = sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } };
  api.rq.defaults.baseURL = keys.baseUrl.replace(/\/+$/, '');
  api.rq.defaults.timeout = 15_000;
  return {
    name: 'RAZORPAY',
    keyId: keys.keyId,
    async checkKeys() {
      await call('check the keys', () => sdk.orders.all({ count: 1 }));
    },
    async createOrder({ amountPaise, receipt, notes }): Promise<GatewayOrder> {
      const o = await call('create the payment', () =>
        sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt: receipt.slice(0, 40), notes }),
      );
      return { id: o.id, amountPaise: Number(o.amount), currency: o.currency };
    },
    async fetchPayment(paymentId): Promise<GatewayPayment> {
      const p = await call('payment', () => sdk.payments.fetch(paymentId));
      return fromRazorpayPayment(p as unknown as Record<string, unknown>);
    },
    async refund({ paymentId, amountPaise, notes }): Promise<GatewayRefund> {
      const r = await call('refund the payment', () =>
        sdk.payments.refund(paymentId, { amount: amountPaise, notes }),
      );
      return fromRazorpayRefund(r as unknown as Record<string, unknown>);
    },
    async fetchRefund(refundId): Promise<GatewayRefund> {
      const r = await call('refund', () => sdk.refunds.fetch(refundId));
      return fromRazorpayRefund(r as unknown as Record<string, unknown>);
    },
    async settlementRecon(day) {
      const lines: GatewaySettlementLine[] = [];
      for (let skip = 0; ; skip += RECON_PAGE) {
        const page = await call('read the settlements', () =>
          sdk.settlements.reports({ ...day, count: RECON_PAGE, skip }),
        );
        const items = ((page as unknown as { items?: unknown[] }).items ?? []) as Record<string, unknown>[];
        lines.push(...items.map(fromRazorpayRecon));
        if (items.length < RECON_PAGE) return lines;
      }
    },
    paymentSignatureOk: (v) => paymentSignatureOk(keys.keySecret, v),
    webhookSignatureOk: (raw, signature) => webhookSignatureOk(keys.webhookSecret, raw, signature),
  };
}

/** Razorpay's refund entity in our terms. */
export function fromRazorpayRefund(r: Record<string, unknown>): GatewayRefund {
  const status = str(r.status);
  return {
    id: String(r.id),
    paymentId: String(r.payment_id ?? ''),
    amountPaise: int(r.amount) ?? 0,
    status: status === 'processed' || status === 'failed' ? status : 'pending',
  };
}

/** The documented page size limit of settlements/recon/combined. */
const RECON_PAGE = 1000;

/** A settlement report line (docs: Settlements, Fetch Settlement Recon Details) in our terms. */
export function fromRazorpayRecon(r: Record<string, unknown>): GatewaySettlementLine {
  const type = r.type === 'payment' || r.type === 'refund' ? r.type : 'other';
  const entityId = String(r.entity_id ?? '');
  return {
    type,
    entityId,
    paymentId: type === 'payment' ? entityId : str(r.payment_id),
    orderId: str(r.order_id),
    amountPaise: Number(r.amount) || 0,
    feePaise: int(r.fee) ?? 0,
    taxPaise: int(r.tax) ?? 0,
    settlementId: String(r.settlement_id ?? ''),
    settledAt: new Date((int(r.settled_at) ?? 0) * 1000),
  };
}
