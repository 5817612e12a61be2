import { lazy, Suspense } from 'react';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { NavLink, useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { ExpensesTab } from './expenses-tab.tsx';

// The profit tab brings the chart (uPlot): its own chunk, loaded when the tab is opened.
const ProfitTab = lazy(() => import('./profit-tab.tsx').then((m) => ({ default: m.ProfitTab })));

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-4 py-2 text-sm font-semibold ${
    isActive ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** The shop's books (issue 38): the Expenses tab (record, list, edit) and the Profit tab (P&L, chart, stock value). */
export function BooksPage() {
  const { tab } = useParams();
  const profit = tab === 'profit';
  useDocumentTitle(`${profit ? 'Profit' : 'Expenses'} · Books · Admin Panel`);
  const { shop, loading } = useSelectedShop();
  const mayProfit = useCan('profit');
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Books</h1>
          <p className="mt-1 text-sm text-slate-600">Expenses and profit of {shop.store_name}.</p>
        </div>
        <nav
          aria-label="Books"
          className="flex gap-1 self-start rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200"
        >
          <NavLink to="/books/expenses" className={tabClass}>
            Expenses
          </NavLink>
          {mayProfit ? (
            <NavLink to="/books/profit" className={tabClass}>
              Profit
            </NavLink>
          ) : null}
        </nav>
      </header>
      {profit && mayProfit ? (
        <Suspense fallback={<PageLoading />}>
          <ProfitTab />
        </Suspense>
      ) : (
        <ExpensesTab />
      )}
    </div>
  );
}
