import { ORDER_TABS, type OrderTab } from '@haat/contracts';
import { ShoppingBag } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { OrderCard } from './order-card.tsx';
import { useOrderList } from './orders-api.ts';
import { StatusTabs } from './status-tabs.tsx';

const EMPTY: Record<OrderTab, string> = {
  all: "You haven't placed any orders yet",
  processing: 'No orders are being processed',
  shipped: 'No orders are on the way',
  delivered: 'No delivered orders yet',
  cancelled: 'No cancelled orders',
};

const isTab = (v: string | null): v is OrderTab => !!v && (ORDER_TABS as readonly string[]).includes(v);

function OrdersSkeleton() {
  return (
    <div role="status" aria-label="Loading your orders" className="space-y-4">
      {[0, 1].map((i) => (
        <div
          key={i}
          className="h-56 animate-pulse rounded-xl border border-slate-200 bg-slate-50 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

function EmptyTab({ tab, base }: { tab: OrderTab; base: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingBag aria-hidden className="size-7" />
      </div>
      <p className="font-semibold text-slate-900">{EMPTY[tab]}</p>
      <p className="text-sm text-slate-600">Orders you place in this shop will show up here.</p>
      <Link to={paths.shop.products(base)} className={buttonStyles.primary}>
        Start Shopping
      </Link>
    </div>
  );
}

/** Your Orders (02 §2): a tab per status (kept in ?status=), ten orders at a time, Load More Orders. */
export function OrdersView({ slug, base }: { slug: string; base: string }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: OrderTab = isTab(raw) ? raw : 'all';
  const list = useOrderList(slug, tab);
  const orders = list.data?.pages.flatMap((p) => p.items) ?? [];

  const choose = (next: OrderTab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'all') q.delete('status');
        else q.set('status', next);
        return q;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Your Orders</h1>
      <StatusTabs value={tab} onChange={choose}>
        {list.isPending ? (
          <OrdersSkeleton />
        ) : list.isError && orders.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-semibold text-slate-900">We couldn't load your orders</p>
            <button type="button" onClick={() => list.refetch()} className={`${buttonStyles.primary} mt-4`}>
              Try again
            </button>
          </div>
        ) : orders.length === 0 ? (
          <EmptyTab tab={tab} base={base} />
        ) : (
          <>
            <ul aria-label="Orders" className="space-y-4">
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} slug={slug} base={base} />
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <div className="mt-6 text-center">
                <button
                  type="button"
                  onClick={() => list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                  aria-busy={list.isFetchingNextPage}
                  className={buttonStyles.secondary}
                >
                  {list.isFetchingNextPage ? <Spinner /> : null}
                  Load More Orders
                </button>
              </div>
            ) : null}
          </>
        )}
      </StatusTabs>
    </div>
  );
}
