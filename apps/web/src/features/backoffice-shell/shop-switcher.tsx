import { ROLE_NAMES } from '@haat/contracts';
import { ChevronsUpDown, Store } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate } from '../../lib/router.tsx';
import { type OwnedShop, useSelectedShop } from '../../lib/selected-shop.tsx';

/** A staff member's role beside the shop's name (owners see the name alone). */
const roleNote = (s: OwnedShop) => (s.role && s.role !== 'OWNER' ? ` (${ROLE_NAMES[s.role]})` : '');

/**
 * The shop the back office works on. A vendor with several shops picks one here (kept across visits); with one
 * shop its name is shown. A page about one record (a product) goes back to its list, which exists in every shop.
 */
export function ShopSwitcher({ collapsed = false }: { collapsed?: boolean }) {
  const { shop, shops, selectShop } = useSelectedShop();
  const id = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!shop) return null;

  if (collapsed) {
    return (
      <p
        title={shop.store_name}
        className="mx-auto flex size-10 items-center justify-center rounded-lg bg-slate-800 text-sm font-bold text-white"
      >
        <span aria-hidden>{shop.store_name.charAt(0).toUpperCase()}</span>
        <span className="sr-only">Shop: {shop.store_name}</span>
      </p>
    );
  }

  if (shops.length < 2) {
    return (
      <p className="flex min-w-0 items-center gap-2 rounded-lg bg-slate-800/70 px-3 py-2 text-sm text-slate-200">
        <Store aria-hidden className="size-4 shrink-0 text-slate-400" />
        <span className="sr-only">Shop: </span>
        <span className="truncate font-medium">
          {shop.store_name}
          {roleNote(shop) ? <span className="font-normal text-slate-400">{roleNote(shop)}</span> : null}
        </span>
      </p>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium tracking-wide text-slate-400 uppercase">
        Shop
      </label>
      <div className="relative">
        <Store
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <select
          id={id}
          value={shop.slug}
          onChange={(e) => {
            selectShop(e.target.value);
            if (/^\/inventory\/[^/]+/.test(pathname)) navigate('/inventory/');
          }}
          className="w-full appearance-none truncate rounded-lg border border-slate-700 bg-slate-800 py-2 pr-8 pl-9 text-sm font-medium text-white focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        >
          {shops.map((s) => (
            <option key={s.id} value={s.slug}>
              {s.store_name}
              {roleNote(s)}
            </option>
          ))}
        </select>
        <ChevronsUpDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400"
        />
      </div>
    </div>
  );
}
