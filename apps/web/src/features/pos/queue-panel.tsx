import { CheckCircle2, Clock, CloudOff, RefreshCw, TriangleAlert, Wifi } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import type { QueuedSale, SettledSale } from './offline-db.ts';
import { discardSale, queuedTotal, retrySale } from './offline-queue.ts';
import { StockConflicts } from './stock-conflicts.tsx';
import type { OfflineCounter } from './use-offline-counter.ts';

const ago = (iso: string | null) => {
  if (!iso) return null;
  const min = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  return min < 1 ? 'just now' : min < 60 ? `${min} min ago` : formatDateTime(iso);
};

/** Where the counter stands: the network, the catalogue on the device, and the sales made offline. */
export function QueuePanel({ state }: { state: OfflineCounter }) {
  const { online, queue, sending, send } = state;
  const [open, setOpen] = useState(false);
  const counts = [
    { label: 'Waiting', n: queue.waiting.length, icon: Clock, tone: 'text-amber-700' },
    {
      label: 'Went through',
      n: queue.settled.filter((s) => s.outcome === 'SYNCED').length,
      icon: CheckCircle2,
      tone: 'text-emerald-700',
    },
    {
      label: 'Needs a person',
      n: queue.person.length + state.conflicts.length,
      icon: TriangleAlert,
      tone: 'text-red-700',
    },
  ];
  const busy = queue.waiting.length + queue.person.length > 0;
  const { conflicts } = state;
  return (
    <section
      aria-label="Offline sales"
      className={`rounded-xl border p-4 shadow-xs ${online ? 'border-slate-200 bg-white' : 'border-amber-300 bg-amber-50'}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            {online ? (
              <Wifi aria-hidden className="size-4 shrink-0 text-emerald-700" />
            ) : (
              <CloudOff aria-hidden className="size-4 shrink-0 text-amber-700" />
            )}
            {online ? 'Online' : 'Offline: sales are saved on this device and sent when the network is back'}
          </p>
          <CatalogueLine state={state} />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {(state.queueRead ? counts : []).map((c) => (
            <p key={c.label} className="flex items-center gap-1.5 text-slate-700">
              <c.icon aria-hidden className={`size-4 ${c.tone}`} />
              <span>
                {c.label} <strong className="tabular-nums text-slate-900">{c.n}</strong>
              </span>
            </p>
          ))}
          {online && queue.waiting.length ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => void send()}
              disabled={sending}
            >
              {sending ? <Spinner /> : <RefreshCw aria-hidden className="size-4" />}
              Send now
            </button>
          ) : null}
          {busy || queue.settled.length ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setOpen(!open)}
              aria-expanded={open}
            >
              {open ? 'Hide sales' : 'Show sales'}
            </button>
          ) : null}
        </div>
      </div>
      {queue.person.length ? <PersonList sales={queue.person} /> : null}
      <StockConflicts conflicts={conflicts} />
      {open ? <SaleLists waiting={queue.waiting} settled={queue.settled} /> : null}
    </section>
  );
}

function CatalogueLine({ state }: { state: OfflineCounter }) {
  const { catalogue, queue } = state;
  if (catalogue.problem) return <p className="text-sm text-slate-600">{catalogue.problem}</p>;
  const waiting = queue.waiting.length
    ? ` · ${formatAmount(queuedTotal(queue.waiting))} waiting to be sent`
    : '';
  if (catalogue.downloading && !catalogue.count)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Getting the catalogue ready for sales without a network…
      </p>
    );
  return (
    <p className="text-sm text-slate-600">
      {catalogue.count.toLocaleString('en-IN')} products ready offline
      {catalogue.refreshedAt ? ` · updated ${ago(catalogue.refreshedAt)}` : ''}
      {waiting}
    </p>
  );
}

/** Sales the server refused: its words, and Retry (same sale, same key) or Discard (asked first). */
function PersonList({ sales }: { sales: QueuedSale[] }) {
  return (
    <div className="mt-3 space-y-2" role="alert">
      <p className="text-sm text-red-800">
        The server refused a sale made offline. The sales after it wait until a person retries or discards it.
      </p>
      <ul className="space-y-2">
        {sales.map((s) => (
          <PersonRow key={s.id} sale={s} />
        ))}
      </ul>
    </div>
  );
}

function PersonRow({ sale }: { sale: QueuedSale }) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = sale.id ?? 0;
  const total = formatAmount(sale.receipt.total_bill_amount);
  const discard = async () => {
    setBusy(true);
    const why = await discardSale(slug, id, 'Refused by the server and discarded at the counter');
    setBusy(false);
    setProblem(why);
    if (!why) setAsking(false);
  };
  return (
    <li className="rounded-lg border border-red-200 bg-white p-3 text-sm">
      <p className="font-semibold text-slate-900">
        {sale.number} · {total} · {sale.receipt.customer.name}
      </p>
      <p className="mt-0.5 text-red-700">{sale.problem}</p>
      {problem ? <p className="mt-1 text-red-700">{problem}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={() => void retrySale(slug, id)}>
          <RefreshCw aria-hidden className="size-4" />
          Retry
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setAsking(true)}>
          Discard
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Discard this sale?"
        description={`${sale.number} for ${total} to ${sale.receipt.customer.name} will not be recorded. Its number is cancelled so the series has no gap, and its items come back into the stock shown. Take the goods back or bill the customer again.`}
        confirmLabel="Discard sale"
        busy={busy}
        onConfirm={() => void discard()}
      />
    </li>
  );
}

/** The sales waiting, in the order they go, and the latest done ones with the server's invoice. */
function SaleLists({ waiting, settled }: { waiting: QueuedSale[]; settled: SettledSale[] }) {
  return (
    <div className="mt-3 grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Waiting to be sent</h3>
        {waiting.length ? (
          <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Waiting to be sent">
            {waiting.map((s) => (
              <li key={s.id} className="flex justify-between gap-2 py-1.5">
                <span className="min-w-0 truncate">
                  {s.number} · {s.receipt.customer.name}
                </span>
                <span className="tabular-nums">{formatAmount(s.receipt.total_bill_amount)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Nothing waiting.</p>
        )}
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Done</h3>
        <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Sales done">
          {settled.map((s) => (
            <li key={s.id} className="py-1.5">
              <p className="flex justify-between gap-2">
                <span className="min-w-0 truncate">
                  {s.number} · {s.customer}
                </span>
                <span className="tabular-nums">{formatAmount(s.total)}</span>
              </p>
              <p className="text-xs text-slate-500">
                {s.outcome === 'SYNCED'
                  ? `Went through as ${s.order_number}${s.invoice_number ? `, invoice ${s.invoice_number}` : ''}`
                  : 'Discarded: number cancelled'}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
