import { DetailPanel, DetailRow } from '../../components/ui/detail-panel.tsx';
import { formatINR } from '../../lib/format.ts';
import type { TransactionDetails } from './transactions-api.ts';

const METHODS: Record<string, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
};

/** Transaction detail (02 §2): what the payment gateway reported of an online payment (issue 44). */
export function GatewayPanel({ t }: { t: TransactionDetails }) {
  const g = t.gateway;
  if (!g) return null;
  const rows: [string, string | null][] = [
    ['Gateway', g.provider === 'RAZORPAY' ? 'Razorpay' : g.provider],
    ['Gateway order', g.order_id],
    ['Gateway payment ID', g.payment_id],
    ['Paid by', g.method ? (METHODS[g.method] ?? g.method) : null],
    ['Card', g.card_last4 ? `${g.card_network ?? 'Card'} ending ${g.card_last4}` : null],
    ['Bank', g.bank],
    ['UPI ID (VPA)', g.vpa],
    ['Wallet', g.wallet],
    ['Auth code', g.auth_code],
    ['RRN', g.rrn],
    ['Gateway fee', g.fee === null ? null : formatINR(g.fee, { paise: true })],
    ['GST on the fee', g.fee_tax === null ? null : formatINR(g.fee_tax, { paise: true })],
    ['Settlement', g.settlement_id],
    ['Last failure', g.failure_reason],
  ];
  return (
    <DetailPanel title="Payment gateway">
      <dl data-testid="gateway-details">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <DetailRow key={label} label={label}>
              {value}
            </DetailRow>
          ))}
      </dl>
    </DetailPanel>
  );
}
