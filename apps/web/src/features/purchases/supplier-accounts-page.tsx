import { formatPhone } from '@haat/contracts';
import { z } from 'zod';
import { BackLink } from '../../components/ui/back-link.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { listParam, useListParams } from '../../lib/list-params.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { purchasesPath, SupplierBalanceText } from './purchase-parts.tsx';
import { useSupplierBalances } from './purchases-api.ts';
import { SupplierStatementPanel } from './supplier-statement.tsx';

const paramsSchema = z.object({ supplier: listParam.id() });

/** Each supplier's balance (bills less payments); the chosen one's statement, payments and bills. */
export function SupplierAccountsPage() {
  useDocumentTitle('Supplier accounts · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useListParams(paramsSchema, { pageSize: 100 });
  const balances = useSupplierBalances();
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  const rows = balances.data ?? [];
  const chosen = rows.find((r) => r.id === params.values.supplier) ?? rows[0];
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <BackLink to={purchasesPath}>Purchases</BackLink>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Supplier accounts</h1>
      <div className="grid min-w-0 grid-cols-1 gap-5 lg:grid-cols-[20rem_1fr]">
        <nav aria-label="Suppliers" className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
          {balances.isPending ? <PageLoading /> : null}
          <ul className="divide-y divide-slate-100">
            {rows.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => params.update({ supplier: r.id })}
                  aria-current={chosen?.id === r.id ? 'true' : undefined}
                  className={`w-full rounded-lg px-3 py-2 text-left text-sm ${chosen?.id === r.id ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
                >
                  <span className="block font-medium text-slate-900">{r.company_name}</span>
                  <span className="block text-xs text-slate-500">
                    {r.supplier_name} · {formatPhone(r.supplier_contact)}
                  </span>
                  <span className="block text-xs">
                    <SupplierBalanceText amount={r.balance} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {!rows.length && !balances.isPending ? (
            <p className="p-3 text-sm text-slate-500">No suppliers yet: add one in Inventory.</p>
          ) : null}
        </nav>
        {chosen ? <SupplierStatementPanel key={chosen.id} s={chosen} /> : null}
      </div>
    </div>
  );
}
