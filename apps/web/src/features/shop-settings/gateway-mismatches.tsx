import { formatRupees, type GatewayMismatch, type GatewayMismatches } from '@haat/contracts';
import { useQuery } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';

const PATH = '/payment-gateway/mismatches/';

const KIND: Record<GatewayMismatch['kind'], string> = {
  CAPTURED_NOT_PAID: 'Paid at the gateway, order not marked paid',
  PAID_NOT_CAPTURED: 'Marked paid, not captured by the gateway',
  AMOUNT_DIFFERS: 'Settled amount differs',
};

const money = (v: number | null) => (v === null ? '—' : formatRupees(v));

function Row({ m }: { m: GatewayMismatch }) {
  return (
    <li className="py-2 text-sm">
      <p className="font-medium text-amber-900">{KIND[m.kind]}</p>
      <p className="text-gray-700">
        {m.order_number ?? 'No order'} · payment <span className="font-mono">{m.gateway_payment_id}</span> ·
        gateway {money(m.gateway_amount)}, ours {money(m.our_amount)}
        {m.settlement_id ? ` · settlement ${m.settlement_id}` : ''}
      </p>
    </li>
  );
}

/** Reconciliation with the gateway's settlements: what did not match (shown to staff who see money). */
export function GatewayMismatchList({ slug }: { slug: string }) {
  const q = useQuery({
    queryKey: adminKey(slug, 'payment-gateway-mismatches'),
    queryFn: ({ signal }) => adminCall<GatewayMismatches>(slug, PATH, { signal, silent: true }),
  });
  const data = q.data;
  if (!data) return null;
  return (
    <section aria-label="Settlement reconciliation" className="rounded-xl p-3 ring-1 ring-gray-200">
      <h3 className="text-sm font-semibold">Settlement reconciliation</h3>
      <p className="text-sm text-gray-600">
        {data.reconciled_through
          ? `Settlements checked through ${data.reconciled_through}.`
          : 'Settlements are checked once a day.'}{' '}
        {data.mismatches.length ? '' : 'Everything matched.'}
      </p>
      {data.mismatches.length ? (
        <ul className="divide-y divide-gray-100">
          {data.mismatches.map((m) => (
            <Row key={`${m.kind}-${m.gateway_payment_id}`} m={m} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
