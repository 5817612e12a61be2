/*
 * The payment-provider interface (issue 44): what the shop's checkout, return handler, webhook and refunds need from
 * a gateway. Razorpay implements it (razorpay.ts); a second provider (Cashfree, PhonePe PG) implements the same.
 * Errors are GatewayError: a message safe to show and log (never a key, secret or the request that carried them).
 */

/** A payment as the gateway reports it, in our terms. */
export interface GatewayPayment {
  id: string;
  orderId: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountPaise: number;
  /** card, upi, netbanking, wallet, emi, … */
  method: string | null;
  cardNetwork: string | null;
  cardLast4: string | null;
  bank: string | null;
  vpa: string | null;
  wallet: string | null;
  authCode: string | null;
  rrn: string | null;
  feePaise: number | null;
  taxPaise: number | null;
  error: string | null;
}

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: string;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

/** One line of the gateway's settlement report (Razorpay: settlements/recon/combined): a settled payment or refund. */
export interface GatewaySettlementLine {
  type: 'payment' | 'refund' | 'other';
  /** The payment's or refund's id. */
  entityId: string;
  /** For a refund, the payment it refunds; for a payment, the payment itself. */
  paymentId: string | null;
  orderId: string | null;
  amountPaise: number;
  feePaise: number;
  taxPaise: number;
  settlementId: string;
  settledAt: Date;
}

export interface PaymentProvider {
  readonly name: 'RAZORPAY';
  readonly keyId: string;
  /** A cheap authenticated call: throws GatewayError (401) when the keys are wrong. */
  checkKeys(): Promise<void>;
  createOrder(v: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  refund(v: {
    paymentId: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<GatewayRefund>;
  /** A refund as the gateway has it now (reconciliation asks about refunds no settlement carried). */
  fetchRefund(refundId: string): Promise<GatewayRefund>;
  /** Every line settled on one day (UTC date of the report). */
  settlementRecon(day: { year: number; month: number; day: number }): Promise<GatewaySettlementLine[]>;
  /** The signature the checkout hands back on success, checked with the key secret. */
  paymentSignatureOk(v: { orderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook's signature over its raw body, checked with the webhook secret. */
  webhookSignatureOk(rawBody: string, signature: string | undefined): boolean;
}

/** A gateway call that failed: the HTTP status to answer with and a message without secrets. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: 'AUTH' | 'REJECTED' | 'UNREACHABLE' | 'NOT_FOUND',
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
