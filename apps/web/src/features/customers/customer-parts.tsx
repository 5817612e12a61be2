import type { CustomerDetail } from '@haat/contracts';
import { FileText, MessageCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDate, formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { toast } from '../../lib/toast.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { useCreditLimit, useReminder } from './customers-api.ts';

const section = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const PAID_WORDS: Record<string, string> = {
  SUCCESS: 'paid',
  PENDING: 'unpaid',
  PARTIALLY_REFUNDED: 'paid, part refunded',
  REFUNDED: 'refunded',
};
const ENTRY_TEXT = { SALE: 'Sale on khata', PAYMENT: 'Payment received', RETURN: 'Return' } as const;

/** The khata's entries, newest first, each with the balance after it. */
export function KhataEntries({ c }: { c: CustomerDetail }) {
  const rows = [...c.khata].reverse();
  if (!rows.length) return <p className="text-sm text-slate-500">No khata entries yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Khata entries">
      {rows.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div>
            <p className="font-medium text-slate-900">
              {ENTRY_TEXT[e.kind]}
              {e.order_number ? ` · ${e.order_number}` : ''}
              {e.method ? ` · ${e.method}` : ''}
            </p>
            <p className="text-xs text-slate-500">
              {formatDate(e.created_at)}
              {e.reference ? ` · ${e.reference}` : ''}
            </p>
          </div>
          <div className="text-right">
            <p className={e.amount > 0 ? 'font-semibold text-rose-700' : 'font-semibold text-emerald-700'}>
              {e.amount > 0 ? '+' : '−'}
              {formatINR(Math.abs(e.amount), { paise: true })}
            </p>
            <p className="text-xs text-slate-500">Balance {formatINR(e.balance_after, { paise: true })}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The customer's latest orders, online and at the counter. */
export function CustomerOrders({ c }: { c: CustomerDetail }) {
  if (!c.orders.length) return <p className="text-sm text-slate-500">No orders yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Orders">
      {c.orders.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div>
            <Link to={`/admin-orders/${o.id}`} className="font-medium text-brand-700 underline">
              {o.order_number}
            </Link>
            <p className="text-xs text-slate-500">
              {formatDate(o.created_at)} · {o.channel === 'POS' ? 'Counter' : 'Online'} ·{' '}
              {o.status.toLowerCase()}
            </p>
          </div>
          <div className="text-right">
            <p className="font-semibold text-slate-900">{formatINR(o.total, { paise: true })}</p>
            <p className="text-xs text-slate-500">
              {o.payment_method === 'CREDIT' ? 'Khata' : o.payment_method} ·{' '}
              {PAID_WORDS[o.payment_status] ?? o.payment_status.toLowerCase()}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The credit limit: owners and managers change it; others read it. */
export function CreditLimit({ c }: { c: CustomerDetail }) {
  const allowed = useCan('credit.limits');
  const save = useCreditLimit(c.id);
  const [value, setValue] = useState(c.credit_limit == null ? '' : String(c.credit_limit));
  const [error, setError] = useState<string | undefined>();
  const text = c.credit_limit == null ? 'No credit' : formatINR(c.credit_limit, { paise: true });
  if (!allowed) return <p className="text-sm text-slate-700">Credit limit: {text}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const limit = value.trim() === '' ? null : Number(value);
    if (limit !== null && !Number.isFinite(limit)) {
      setError('Credit limit must be a number');
      return;
    }
    save.mutate(
      { credit_limit: limit },
      {
        onSuccess: () => toast.success('Credit limit saved'),
        onError: (err) => setError(err instanceof ApiError ? err.message : 'The limit could not be saved.'),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="w-44">
        <MoneyField
          label="Credit limit"
          value={value}
          onValue={setValue}
          error={error}
          hint="Empty: no credit"
        />
      </div>
      <button type="submit" className={buttonStyles.secondary} disabled={save.isPending}>
        {save.isPending ? <Spinner /> : null} Save limit
      </button>
    </form>
  );
}

const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() + 5.5 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10);

/** Statement for a period (PDF) and the WhatsApp reminder with the amount due and the shop's UPI link. */
export function StatementAndReminder({ c }: { c: CustomerDetail }) {
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(today);
  const { busy, run } = useAdminDownload();
  const reminder = useReminder(c.id, c.balance > 0);
  const download = () =>
    run('statement', (req) =>
      downloadFile(
        `/api/admin/customer/${c.id}/statement.pdf?from=${from}&to=${to}`,
        `Khata ${c.name}.pdf`,
        req,
      ),
    );
  return (
    <div className={`${section} space-y-3`}>
      <h2 className="font-semibold text-slate-900">Statement and reminder</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={download}
          disabled={busy === 'statement'}
        >
          {busy === 'statement' ? <Spinner /> : <FileText aria-hidden className="size-4" />} Statement
        </button>
        {reminder.data ? (
          <a
            href={reminder.data.whatsapp_url}
            target="_blank"
            rel="noreferrer"
            className={buttonStyles.secondary}
          >
            <MessageCircle aria-hidden className="size-4" /> Send reminder
          </a>
        ) : null}
      </div>
    </div>
  );
}

export { section };
