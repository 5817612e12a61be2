import type { RegisterHistoryQuery } from '@haat/contracts';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DateRangeField } from '../../components/ui/date-range-field.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { ListPager } from '../../components/ui/pager.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatAmount, formatDate, formatDateTime, formatTime } from '../../lib/format.ts';
import { CloseRegisterDialog } from './close-dialog.tsx';
import { type RegisterHistory, type RegisterSession, useRegisterHistory } from './register-api.ts';
import { Difference } from './register-report.tsx';
import { ReportDialog } from './report-dialog.tsx';

/** Registers (issue 38): every register's days for owners and managers, by date and cashier, with each report. */
export function RegistersPage() {
  useDocumentTitle('Registers · Admin Panel');
  const [q, setQ] = useState<RegisterHistoryQuery>({ page: 1, page_size: 25 });
  const [shown, setShown] = useState<string | null>(null);
  const history = useRegisterHistory(q);
  const data = history.data;
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Registers</h1>
        <p className="mt-1 text-sm text-slate-600">
          Each day at the counter: float, expected and counted cash.
        </p>
      </header>
      <Filters q={q} onQ={setQ} cashiers={data?.cashiers ?? []} />
      {!data ? (
        <PageLoading />
      ) : (
        <HistoryBody data={data} onShow={setShown} onPage={(page) => setQ({ ...q, page })} />
      )}
      <ReportDialog id={shown} onClose={() => setShown(null)} />
    </div>
  );
}

function Filters({
  q,
  onQ,
  cashiers,
}: {
  q: RegisterHistoryQuery;
  onQ: (q: RegisterHistoryQuery) => void;
  cashiers: RegisterHistory['cashiers'];
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <DateRangeField
        label="Opened"
        compact
        value={{ from: q.from ?? '', to: q.to ?? '' }}
        onChange={(r) => onQ({ ...q, from: r.from || undefined, to: r.to || undefined, page: 1 })}
      />
      <label className="block text-sm font-medium text-slate-800">
        Cashier
        <select
          className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
          value={q.cashier_id ?? ''}
          onChange={(e) => onQ({ ...q, cashier_id: e.target.value || undefined, page: 1 })}
        >
          <option value="">Everyone</option>
          {cashiers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function HistoryBody({
  data,
  onShow,
  onPage,
}: {
  data: RegisterHistory;
  onShow: (id: string) => void;
  onPage: (page: number) => void;
}) {
  if (!data.sessions.length)
    return <EmptyState icon={<Wallet aria-hidden className="size-6" />} title="No registers in this range" />;
  return (
    <>
      <section aria-label="Days" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-base font-semibold text-slate-900">By day and cashier</h2>
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {data.days.map((d) => (
            <li
              key={`${d.date}-${d.cashier_name}`}
              className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
            >
              <span className="font-medium">
                {formatDate(d.date)} · {d.cashier_name}
              </span>
              <span className="text-slate-600">
                Expected {formatAmount(d.expected)} · Counted {formatAmount(d.counted)} ·{' '}
                <Difference amount={d.difference} />
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ul aria-label="Registers" className="space-y-2">
        {data.sessions.map((s) => (
          <SessionRow key={s.id} s={s} onShow={() => onShow(s.id)} />
        ))}
      </ul>
      <ListPager
        page={data.page}
        pageSize={data.page_size}
        total={data.total}
        noun="registers"
        onPage={onPage}
      />
    </>
  );
}

function SessionRow({ s, onShow }: { s: RegisterSession; onShow: () => void }) {
  // An owner or manager can close a register someone left open, counting its drawer as its cashier would.
  const [closing, setClosing] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {s.register_name} · {s.cashier_name}
        </p>
        <p className="text-slate-600">
          {formatDateTime(s.opened_at)}
          {s.closed_at ? ` to ${formatTime(s.closed_at)}` : ' · open now'} · float{' '}
          {formatAmount(s.opening_float)}
        </p>
        {s.difference !== null && s.expected !== null && s.counted !== null ? (
          <p className="text-slate-700">
            Expected {formatAmount(s.expected)} · Counted {formatAmount(s.counted)} ·{' '}
            <Difference amount={s.difference} />
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        {s.status === 'OPEN' ? (
          <button type="button" className={buttonStyles.primary} onClick={() => setClosing(true)}>
            Close
          </button>
        ) : null}
        <button type="button" className={buttonStyles.secondary} onClick={onShow}>
          Report
        </button>
      </div>
      {closing ? <CloseRegisterDialog session={s} open onClose={() => setClosing(false)} /> : null}
    </li>
  );
}
