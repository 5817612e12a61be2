import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, methodFields, type PayMethod, rid } from './fake-entities.ts';
import { type RestoreBody, restoreBooks } from './fake-restore.ts';
import { reconReport, type SettledLine, settlePayments } from './fake-settlements.ts';
import { hmacHex, paymentSignature } from './signatures.ts';

/*
 * A local server speaking the part of Razorpay's API Haat uses (docs: razorpay.com/docs/api, as of 2026-12; the
 * request and response fixtures it follows are in fixtures/razorpay/, README there), for tests and the development
 * test gateway: create and fetch orders, fetch payments, refund a payment, fetch a refund, with HTTP Basic auth by
 * key id and secret. Payments are made by `pay` (what the shopper does in the gateway's checkout): it answers the checkout's
 * signed handler fields and sends the webhook signed as Razorpay signs it (hex HMAC-SHA256 of the raw body with the
 * webhook secret in X-Razorpay-Signature, the event id in X-Razorpay-Event-Id). Its control routes under /_fake/
 * let another process (the development server's workers) use one fake.
 */

export interface FakeAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go; none: not sent. */
  webhookUrl?: string;
}

export interface WebhookDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}
export type Deliver = (d: WebhookDelivery) => Promise<number>;

type Entity = Record<string, unknown> & { id: string };

const now = () => Math.floor(Date.now() / 1000);
/** How long after the shopper's return a late webhook comes. */
const AFTER_RETURN_MS = 1500;

const defaultDeliver: Deliver = async (d) => {
  const r = await fetch(d.url, { method: 'POST', headers: d.headers, body: d.body });
  return r.status;
};

export class FakeRazorpay {
  readonly accounts = new Map<string, FakeAccount>();
  readonly orders = new Map<string, Entity & { keyId: string }>();
  readonly payments = new Map<string, Entity & { keyId: string }>();
  readonly refunds = new Map<string, Entity & { keyId: string }>();
  /** Settled payments (fake-settlements.ts); `settle` adds them. */
  readonly settled: SettledLine[] = [];
  settle = (ids: string[], at: Date, amounts?: number[]) => settlePayments(this, ids, at, amounts);
  /** Every API request: method, path and the key id it authenticated with. */
  readonly requests: { method: string; path: string; keyId: string | null; body: unknown }[] = [];
  url = '';
  /** This gateway's run: a restarted one has another (its books are new). */
  readonly instance = rid('run');
  /** The development test gateway processes each refund this long after it is asked (its webhook then); null: never by itself. */
  autoSettleRefundsMs: number | null = null;
  private server: Server | null = null;

  constructor(public deliver: Deliver = defaultDeliver) {}

  static async start(port = 0, deliver?: Deliver): Promise<FakeRazorpay> {
    const fake = new FakeRazorpay(deliver);
    await fake.listen(port);
    return fake;
  }

  listen(port: number, host = '127.0.0.1') {
    const server = createServer((req, res) => void this.handle(req, res));
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        this.server = server;
        this.url = `http://${host}:${(server.address() as AddressInfo).port}`;
        resolve();
      });
    });
  }

  /** Lets the process exit while it listens (the development test gateway inside a server or a test). */
  unref() {
    this.server?.unref();
  }

  /** Stops listening and ends every connection, kept-alive ones too (a client must not reuse one to a stopped gateway). */
  close() {
    return new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  addAccount(a: FakeAccount) {
    this.accounts.set(a.keyId, a);
  }

  /**
   * The shopper pays (or fails to pay) a gateway order in the checkout: the payment is made (captured at once, as
   * with auto-capture), its webhook built and signed, and sent unless `webhook` is 'none'. Answers the checkout's
   * handler fields (success only) and a function to deliver the same webhook again.
   */
  async pay(
    orderId: string,
    v: { outcome: 'approve' | 'fail'; method?: PayMethod; webhook?: 'before' | 'after' | 'thrice' | 'none' },
  ) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const account = this.accounts.get(order.keyId);
    if (!account) throw new Error(`no account ${order.keyId}`);
    const payment = this.makePayment(order, v.outcome, v.method ?? 'upi');
    const event = this.event(v.outcome === 'approve' ? 'payment.captured' : 'payment.failed', { payment });
    const send = () => this.sendWebhook(account, event);
    // 'after': the shopper is back first (the page redirects at once), the webhook follows.
    if (v.webhook === 'after') setTimeout(() => void send().catch(() => {}), AFTER_RETURN_MS).unref();
    // 'thrice': the same event (one id) delivered three times, as a gateway retrying would.
    let status = v.webhook === 'none' || v.webhook === 'after' ? null : await send();
    if (v.webhook === 'thrice') for (let again = 1; again < 3; again++) status = await send();
    const checkout =
      v.outcome === 'approve'
        ? {
            razorpay_order_id: orderId,
            razorpay_payment_id: payment.id,
            razorpay_signature: paymentSignature(account.keySecret, orderId, payment.id),
          }
        : null;
    return { payment, checkout, webhookStatus: status, event, send };
  }

  /** A pending refund completes (refund.processed) or fails (refund.failed), with its webhook. */
  async settleRefund(refundId: string, outcome: 'processed' | 'failed' = 'processed') {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = outcome;
    const account = this.accounts.get(refund.keyId);
    const payment = this.payments.get(String(refund.payment_id));
    const event = this.event(`refund.${outcome}`, { refund, payment });
    return account ? this.sendWebhook(account, event) : null;
  }

  /** A signed delivery of an event (a webhook body) to the account's webhook URL; its HTTP status. */
  sendWebhook(account: FakeAccount, event: { id: string; body: string }) {
    if (!account.webhookUrl) return Promise.resolve(null);
    return this.deliver({
      url: account.webhookUrl,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(account.webhookSecret, event.body),
        'x-razorpay-event-id': event.id,
      },
      body: event.body,
    });
  }

  private makePayment(order: Entity & { keyId: string }, outcome: 'approve' | 'fail', method: PayMethod) {
    const amount = Number(order.amount);
    const failed = outcome === 'fail';
    const fee = failed ? 0 : Math.round(amount * 0.02);
    const payment: Entity & { keyId: string } = {
      id: rid('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: failed ? 'failed' : 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: !failed,
      description: null,
      ...methodFields(method),
      email: 'gaurav.kumar@example.com',
      contact: '+919000090000',
      notes: order.notes ?? {},
      fee: failed ? null : fee,
      tax: failed ? null : Math.round(fee * 0.18),
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed because the bank declined it.' : null,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      created_at: now(),
      keyId: order.keyId,
    };
    this.payments.set(payment.id, payment);
    order.attempts = Number(order.attempts) + 1;
    if (!failed) Object.assign(order, { status: 'paid', amount_paid: amount, amount_due: 0 });
    else order.status = 'attempted';
    return payment;
  }

  /** A webhook body as documented: { entity: 'event', account_id, event, contains, payload, created_at }. */
  private event(name: string, entities: Record<string, Entity | undefined>) {
    const payload: Record<string, { entity: unknown }> = {};
    for (const [k, e] of Object.entries(entities)) if (e) payload[k] = { entity: publicOf(e) };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return { id: rid('evt'), body };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, errorBody('The request body is not valid JSON'));
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/_fake/')) return this.control(req.method ?? 'GET', url.pathname, body, res);
    const keyId = this.authenticate(req);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, keyId, body });
    if (!keyId) return send(res, 401, errorBody('Authentication failed'));
    const [status, answer] =
      url.pathname === '/v1/settlements/recon/combined'
        ? reconReport(this, keyId, url.searchParams)
        : this.route(req.method ?? 'GET', url.pathname, body, keyId);
    send(res, status, answer);
  }

  /** Basic auth by a known key id and its secret; the key id, else null. */
  private authenticate(req: IncomingMessage) {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!m?.[1]) return null;
    const [id, secret] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
    const account = id ? this.accounts.get(id) : undefined;
    return account && account.keySecret === secret ? account.keyId : null;
  }

  private route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    keyId: string,
  ): [number, unknown] {
    const own = <T extends { keyId: string }>(e: T | undefined) => (e && e.keyId === keyId ? e : undefined);
    const notFound: [number, unknown] = [400, errorBody('The id provided does not exist')];
    const idIn = (re: RegExp) => re.exec(path)?.[1] ?? '';
    if (method === 'POST' && path === '/v1/orders') return this.createOrder(body, keyId);
    if (method === 'GET' && path === '/v1/orders') {
      const items = [...this.orders.values()].filter((o) => o.keyId === keyId).map(publicOf);
      return [200, { entity: 'collection', count: items.length, items }];
    }
    const order = idIn(/^\/v1\/orders\/(\w+)$/);
    if (method === 'GET' && order) {
      const o = own(this.orders.get(order));
      return o ? [200, publicOf(o)] : notFound;
    }
    const payment = idIn(/^\/v1\/payments\/(\w+)$/);
    if (method === 'GET' && payment) {
      const p = own(this.payments.get(payment));
      return p ? [200, publicOf(p)] : notFound;
    }
    const refundId = idIn(/^\/v1\/refunds\/(\w+)$/);
    if (method === 'GET' && refundId) {
      const r = own(this.refunds.get(refundId));
      return r ? [200, publicOf(r)] : notFound;
    }
    const refunded = idIn(/^\/v1\/payments\/(\w+)\/refund$/);
    if (method === 'POST' && refunded) {
      const p = own(this.payments.get(refunded));
      return p ? this.refund(p, body) : notFound;
    }
    return [404, errorBody('The requested URL was not found on the server.')];
  }

  private createOrder(body: Record<string, unknown>, keyId: string): [number, unknown] {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return [400, errorBody('The amount must be at least INR 1.00', 'amount')];
    }
    if (body.currency !== 'INR') return [400, errorBody('The currency is invalid', 'currency')];
    if (typeof body.receipt === 'string' && body.receipt.length > 40) {
      return [400, errorBody('The receipt may not be greater than 40 characters.', 'receipt')];
    }
    const order = {
      id: rid('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: body.receipt ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? [],
      created_at: now(),
      keyId,
    };
    this.orders.set(order.id, order);
    return [200, publicOf(order)];
  }

  private refund(p: Entity & { keyId: string }, body: Record<string, unknown>): [number, unknown] {
    const left = Number(p.amount) - Number(p.amount_refunded);
    const amount = body.amount === undefined ? left : body.amount;
    if (p.status !== 'captured' && p.status !== 'refunded') {
      return [400, errorBody('The payment has not been captured yet')];
    }
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100 || amount > left) {
      return [400, errorBody('The refund amount provided is greater than amount captured', 'amount')];
    }
    p.amount_refunded = Number(p.amount_refunded) + amount;
    p.refund_status = p.amount_refunded === p.amount ? 'full' : 'partial';
    const refund = {
      id: rid('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: p.id,
      notes: body.notes ?? [],
      receipt: null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
      keyId: p.keyId,
    };
    this.refunds.set(refund.id, refund);
    if (this.autoSettleRefundsMs !== null) {
      setTimeout(() => void this.settleRefund(refund.id).catch(() => {}), this.autoSettleRefundsMs).unref();
    }
    return [200, publicOf(refund)];
  }

  /** The control routes another process uses: add or restore an account, pay an order, read an order. */
  private async control(method: string, path: string, body: Record<string, unknown>, res: ServerResponse) {
    try {
      if (method === 'POST' && path === '/_fake/accounts') {
        this.addAccount(body as unknown as FakeAccount);
        return send(res, 200, { ok: true });
      }
      if (method === 'POST' && path === '/_fake/restore') {
        return send(res, 200, { added: restoreBooks(this, body as unknown as RestoreBody) });
      }
      const m = /^\/_fake\/orders\/([\w]+)\/pay$/.exec(path);
      if (method === 'POST' && m?.[1]) {
        const r = await this.pay(m[1], body as Parameters<FakeRazorpay['pay']>[1]);
        return send(res, 200, {
          payment: publicOf(r.payment),
          checkout: r.checkout,
          webhook: r.webhookStatus,
        });
      }
      if (method === 'GET' && path === '/_fake/instance') return send(res, 200, { instance: this.instance });
      const o = /^\/_fake\/orders\/([\w]+)$/.exec(path);
      const order = o?.[1] ? this.orders.get(o[1]) : undefined;
      if (method === 'GET' && order) return send(res, 200, publicOf(order));
      send(res, 404, errorBody('No such control route or id'));
    } catch (e) {
      send(res, 400, errorBody(e instanceof Error ? e.message : 'failed'));
    }
  }
}

/** An entity as the API shows it (without the fake's own bookkeeping). */
function publicOf(e: Entity): Record<string, unknown> {
  const { keyId: _, ...rest } = e as Entity & { keyId?: string };
  return rest;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
