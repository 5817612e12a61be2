import {
  formatRupees,
  type GatewayMismatch,
  type GatewayMismatches,
  resolveMismatchBody,
} from '@haat/contracts';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { keepPreviousData, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { toast } from '../../lib/toast.ts';

const PATH = '/payment-gateway/mismatches/';
type Status = 'open' | 'resolved';
const listKey = (slug: string, status?: Status) =>
  status
    ? adminKey(slug, 'payment-gateway-mismatches', status)
    : adminKey(slug, 'payment-gateway-mismatches');

const KIND: Record<GatewayMismatch['kind'], string> = {
  CAPTURED_NOT_PAID: 'Paid at the gateway, order not marked paid',
  PAID_NOT_CAPTURED: 'Marked paid, not captured by the gateway',
  AMOUNT_DIFFERS: 'Settled amount differs',
  REFUND_NOT_RECORDED: 'Refund settled by the gateway, not completed here',
  REFUND_NOT_PROCESSED: 'Refund completed here, not processed by the gateway',
};

const money = (v: number | null) => (v === null ? '—' : formatRupees(v));
const small = buttonStyles.secondary.replace('px-5 py-2.5', 'px-3 py-1.5');

/** Marking a mismatch resolved: what was done about it, asked before anything is saved. */
function ResolveDialog({ slug, m, onClose }: { slug: string; m: GatewayMismatch; onClose: () => void }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = resolveMismatchBody.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      await adminCall(slug, `${PATH}${m.id}/resolve/`, { method: 'POST', body: parsed.data });
      toast.success('Mismatch marked resolved');
      void qc.invalidateQueries({ queryKey: listKey(slug) });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Mark this mismatch resolved?"
      description={`${KIND[m.kind]}: ${m.order_number ?? 'no order'}, ${m.gateway_refund_id ?? m.gateway_payment_id}. It leaves the open list; your note is kept with it.`}
      size="max-w-md"
    >
      <div className="space-y-4">
        <TextAreaField
          label="What was done about it"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={error}
          rows={3}
          maxLength={500}
          data-autofocus
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button
            type="button"
            onClick={save}
            disabled={busy}
            aria-busy={busy}
            className={buttonStyles.primary}
          >
            {busy ? <Spinner /> : null}
            Mark resolved
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Row({ slug, m }: { slug: string; m: GatewayMismatch }) {
  const [asking, setAsking] = useState(false);
  // Resolving records what was done about a payment: those who record payments (the server checks the same).
  const mayResolve = useCan('orders.manage');
  const refund = m.gateway_refund_id ? ` · refund ${m.gateway_refund_id}` : '';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-amber-900">{KIND[m.kind]}</p>
        <p className="break-words text-gray-700">
          {m.order_number ?? 'No order'} · payment <span className="font-mono">{m.gateway_payment_id}</span>
          {refund} · gateway {money(m.gateway_amount)}, ours {money(m.our_amount)}
          {m.settlement_id ? ` · settlement ${m.settlement_id}` : ''}
        </p>
        {m.resolved_at ? (
          <p className="text-gray-600">
            Resolved by {m.resolved_by} on {formatDateTime(m.resolved_at)}: {m.resolved_note}
          </p>
        ) : null}
      </div>
      {m.resolved_at || !mayResolve ? null : (
        <button type="button" className={small} onClick={() => setAsking(true)}>
          Mark resolved
        </button>
      )}
      {asking ? <ResolveDialog slug={slug} m={m} onClose={() => setAsking(false)} /> : null}
    </li>
  );
}

function StatusFilter({
  status,
  open,
  onChange,
}: {
  status: Status;
  open: number;
  onChange: (s: Status) => void;
}) {
  const tab = (s: Status, label: string) => (
    <button
      type="button"
      aria-pressed={status === s}
      onClick={() => onChange(s)}
      className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${status === s ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-300'}`}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="flex gap-2">
      <legend className="sr-only">Show mismatches</legend>
      {tab('open', `Open (${open})`)}
      {tab('resolved', 'Resolved')}
    </fieldset>
  );
}

/** Reconciliation with the gateway's settlements: what did not match (shown to staff who see money). */
export function GatewayMismatchList({ slug }: { slug: string }) {
  const [status, setStatus] = useState<Status>('open');
  const q = useQuery({
    queryKey: listKey(slug, status),
    queryFn: ({ signal }) =>
      adminCall<GatewayMismatches>(slug, `${PATH}?status=${status}`, { signal, silent: true }),
    // The other filter's list replaces this one when it comes; the card does not blink away meanwhile.
    placeholderData: keepPreviousData,
  });
  const data = q.data;
  if (!data) return null;
  const empty = status === 'open' ? 'Everything matched.' : 'Nothing marked resolved yet.';
  return (
    <section aria-label="Settlement reconciliation" className="space-y-2 rounded-xl p-3 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Settlement reconciliation</h3>
        <StatusFilter status={status} open={data.open_count} onChange={setStatus} />
      </div>
      <p className="text-sm text-gray-600">
        {data.reconciled_through
          ? `Settlements checked through ${data.reconciled_through}.`
          : 'Settlements are checked once a day.'}{' '}
        {data.mismatches.length ? '' : empty}
      </p>
      {data.mismatches.length ? (
        <ul className="divide-y divide-gray-100">
          {data.mismatches.map((m) => (
            <Row key={m.id} slug={slug} m={m} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
