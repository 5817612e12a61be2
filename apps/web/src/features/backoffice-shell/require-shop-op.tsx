import { can, ROLE_NAMES, roleRefusal, SHOP_OPERATIONS, type ShopOperation } from '@haat/contracts';
import { ShieldOff } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Link, Navigate, Outlet } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useShopRole } from '../../lib/shop-role.ts';
import { NAV_ITEMS } from './nav-items.ts';

/** The first screen the person's role may open (staff land there instead of a dashboard they may not see). */
export function useHomePath() {
  const role = useShopRole();
  return NAV_ITEMS.find((i) => can(role, i.op))?.to ?? '/profile';
}

/**
 * The back-office screens behind it need `op` in the selected shop: otherwise a page saying the role may not
 * (or, with `redirect`, straight to the first screen the role may open). No shop: the screens handle that.
 */
export function RequireShopOp({ op, redirect = false }: { op: ShopOperation; redirect?: boolean }) {
  const { shop, loading } = useSelectedShop();
  const role = useShopRole();
  const home = useHomePath();
  if (!shop) return loading ? <PageLoading /> : <Outlet />;
  if (!role) return <PageLoading />;
  if (can(role, op)) return <Outlet />;
  if (redirect) return <Navigate to={home} replace />;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <ShieldOff aria-hidden className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Not for your role</h1>
      <p className="mt-3 text-slate-600">
        {role === 'OPERATOR'
          ? roleRefusal(role, op)
          : `As ${ROLE_NAMES[role]} of ${shop.store_name} you cannot ${SHOP_OPERATIONS[op]}. ` +
            'Ask the shop’s owner if you need to.'}
      </p>
      <Link to={home} className={`${buttonStyles.secondary} mt-6`}>
        Go to your first screen
      </Link>
    </div>
  );
}
