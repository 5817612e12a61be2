import { randomBytes } from 'node:crypto';

/* The fake Razorpay's entities (fake-razorpay.ts): ids, the documented error body, what each method adds. */

export type PayMethod = 'upi' | 'card' | 'netbanking' | 'wallet';

/** An id as Razorpay shapes them: `pay_`, `order_`, `rfnd_` and 14 characters. */
export const rid = (prefix: string) =>
  `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The documented error body: { error: { code, description, source, step, reason, metadata, field? } }. */
export const errorBody = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/** What each method adds to a payment entity (values as in the documentation's samples). */
export function methodFields(method: PayMethod): Record<string, unknown> {
  const none = { card_id: null, card: null, bank: null, wallet: null, vpa: null };
  if (method === 'card') {
    const card = { id: rid('card'), entity: 'card', name: 'Gaurav Kumar', last4: '1111', network: 'Visa' };
    return {
      ...none,
      card_id: card.id,
      card: { ...card, type: 'debit', issuer: null, international: false, emi: false, sub_type: 'consumer' },
      acquirer_data: { auth_code: '828553' },
    };
  }
  if (method === 'netbanking')
    return { ...none, bank: 'HDFC', acquirer_data: { bank_transaction_id: '7909502' } };
  if (method === 'wallet') return { ...none, wallet: 'freecharge', acquirer_data: { transaction_id: null } };
  return {
    ...none,
    vpa: 'gaurav.kumar@exampleupi',
    acquirer_data: { rrn: '313436062528', upi_transaction_id: 'UPI1234' },
  };
}
