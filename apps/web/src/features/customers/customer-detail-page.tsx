import { formatPhone } from '@haat/contracts';
import { ArrowLeft, IndianRupee } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatDate, formatINR } from '../../lib/format.ts';
import { Link, useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { Balance } from './customer-list-page.tsx';
import {
  CreditLimit,
  CustomerOrders,
  KhataEntries,
  StatementAndReminder,
  section,
} from './customer-parts.tsx';
import { type CustomerDetail, useCustomer } from './customers-api.ts';
import { ReceivePaymentDialog } from './receive-payment-dialog.tsx';

/** A customer: their figures, khata with balance, payments, credit limit, statement, reminder and orders. */
export function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const { shop, loading } = useSelectedShop();
  const customer = useCustomer(customerId);
  useDocumentTitle(`${customer.data?.name ?? 'Customer'} · Admin Panel`);
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (customer.isPending) return <PageLoading />;
  if (!customer.data)
    return (
      <p className="mx-auto max-w-xl px-4 py-20 text-center text-slate-600">
        This customer could not be found.
      </p>
    );
  const c = customer.data;
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Link
        to="/customers"
        className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden className="size-4" /> Customers
      </Link>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{c.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {formatPhone(c.phone)}
          {c.email ? ` · ${c.email}` : ''}
          {c.online ? ' · shops online too' : ''}
        </p>
      </header>
      <Figures c={c} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Khata c={c} />
        <StatementAndReminder c={c} />
      </div>
      <section className={section} aria-label="Orders">
        <h2 className="mb-2 font-semibold text-slate-900">Orders</h2>
        <CustomerOrders c={c} />
      </section>
    </div>
  );
}

function Figures({ c }: { c: CustomerDetail }) {
  const items = [
    ['Orders', String(c.orders_count)],
    ['Lifetime value', formatINR(c.lifetime_value, { paise: true })],
    ['Last visit', c.last_visit ? formatDate(c.last_visit) : '—'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([k, v]) => (
        <div key={k} className={section}>
          <dt className="text-xs text-slate-500">{k}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{v}</dd>
        </div>
      ))}
      <div className={section}>
        <dt className="text-xs text-slate-500">Khata balance</dt>
        <dd className="mt-1" data-testid="khata-balance">
          <Balance amount={c.balance} />
        </dd>
      </div>
    </dl>
  );
}

function Khata({ c }: { c: CustomerDetail }) {
  const [paying, setPaying] = useState(false);
  const canPay = useCan('khata');
  return (
    <section className={`${section} space-y-3`} aria-label="Khata">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Khata</h2>
        {canPay ? (
          <button type="button" className={buttonStyles.primary} onClick={() => setPaying(true)}>
            <IndianRupee aria-hidden className="size-4" /> Receive payment
          </button>
        ) : null}
      </div>
      <CreditLimit c={c} />
      {c.credit_left != null ? (
        <p className="text-sm text-slate-600">Credit left: {formatINR(c.credit_left, { paise: true })}</p>
      ) : null}
      <KhataEntries c={c} />
      <ReceivePaymentDialog open={paying} onClose={() => setPaying(false)} c={c} />
    </section>
  );
}
