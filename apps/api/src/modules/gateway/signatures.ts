import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Razorpay's signatures (docs: "Payment verification" and "Validate webhooks", razorpay.com/docs, as of 2026-12;
 * the SDK's validatePaymentVerification and validateWebhookSignature compute the same, tests compare them):
 *   - on the shopper's return: hex HMAC-SHA256 of `<order_id>|<payment_id>` keyed with the key secret;
 *   - on a webhook: hex HMAC-SHA256 of the raw request body keyed with the webhook secret, in X-Razorpay-Signature.
 * Compared in constant time (the SDK compares with ===).
 */

export const hmacHex = (secret: string, message: string | Buffer) =>
  createHmac('sha256', secret).update(message).digest('hex');

/** Two hex digests equal, compared in constant time; anything not 64 hex characters is unequal. */
export function sameDigest(expected: string, given: string | undefined | null) {
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export const paymentSignature = (keySecret: string, orderId: string, paymentId: string) =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

export const paymentSignatureOk = (
  keySecret: string,
  v: { orderId: string; paymentId: string; signature: string },
) => sameDigest(paymentSignature(keySecret, v.orderId, v.paymentId), v.signature);

export const webhookSignatureOk = (
  webhookSecret: string,
  rawBody: string | Buffer,
  signature: string | undefined,
) => sameDigest(hmacHex(webhookSecret, rawBody), signature);
