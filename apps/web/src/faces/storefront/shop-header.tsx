import { Menu, ShoppingCart, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths } from '../../app/paths.ts';
import { UserMenu } from '../../features/accounts/user-menu.tsx';
import { useCartCount } from '../../features/cart/cart-query.ts';
import { Link, NavLink, useLocation } from '../../lib/router.tsx';

export const HEADER_HEIGHT_CLASS = 'pt-16';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-700 ${
    isActive ? 'text-brand-700' : 'text-slate-700'
  }`;

/**
 * The shop's fixed header: name and logo, Home / All Products / Deals, the cart and Login. On a phone
 * the links fold into a menu button so the name, cart and Login still fit at 360 px.
 */
export function ShopHeader({
  base,
  storeName,
  logo,
  cartCount: cartCountProp,
  loginHref,
  hasDeals = true,
}: {
  base: string;
  storeName: string;
  logo: string | null;
  /** Overrides the signed-in customer's cart count (read from the cart otherwise). */
  cartCount?: number;
  /** The customer sign-in page of this shop. */
  loginHref: string;
  /** Whether a deal runs now (the home's Deals section shows): no Deals link to an empty page otherwise. */
  hasDeals?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  const home = paths.shop.home(base);
  const { storeSlug } = useHost();
  const liveCount = useCartCount();
  const cartCount = cartCountProp ?? liveCount;

  // A navigation closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = (
    <>
      <li>
        <NavLink to={home} end className={navLink}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.shop.products(base)} className={navLink}>
          All Products
        </NavLink>
      </li>
      {hasDeals ? (
        <li>
          <a href={`${home}#deals`} className={navLink({ isActive: false })} onClick={() => setOpen(false)}>
            Deals
          </a>
        </li>
      ) : null}
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to={home} className="flex min-w-0 items-center gap-2 rounded-md">
          {logo ? (
            <img
              src={logo}
              alt=""
              width={36}
              height={36}
              className="size-9 shrink-0 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {storeName.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <span className="line-clamp-2 text-sm leading-tight font-bold text-slate-900 sm:text-lg">
            {storeName}
          </span>
        </Link>

        <nav aria-label="Shop" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">{links}</ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to={paths.shop.cart(base)}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
            className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
          >
            <ShoppingCart aria-hidden className="size-6" />
            {cartCount > 0 ? (
              <span className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white">
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            ) : null}
          </Link>
          {/* As wide as Login: the session shows after a server-rendered page hydrates, and nothing beside it moves. */}
          <div className="flex min-w-[4.25rem] justify-end sm:min-w-[4.75rem]">
            <UserMenu
              profileHref={`${base}/profile`}
              ordersHref={storeSlug ? `${base}/orders?storeName=${encodeURIComponent(storeSlug)}` : null}
              signedOut={
                <Link
                  to={loginHref}
                  className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:px-4"
                >
                  Login
                </Link>
              }
            />
          </div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Shop menu"
        hidden={!open}
        className="border-t border-slate-200 bg-white md:hidden"
      >
        <ul className="space-y-1 px-4 py-3">{links}</ul>
      </nav>
    </header>
  );
}
