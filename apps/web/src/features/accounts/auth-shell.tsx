import { BadgeCheck, ShoppingBag, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router.tsx';
import type { AuthTarget } from './auth-target.ts';

function ShopMark({ target, size }: { target: AuthTarget; size: 'sm' | 'lg' }) {
  const name = target.shop?.store_name ?? 'Haat';
  const box = size === 'lg' ? 'size-14 rounded-2xl' : 'size-9 rounded-lg';
  if (target.shop?.image) {
    return <img src={target.shop.image} alt="" width={56} height={56} className={`${box} object-cover`} />;
  }
  return (
    <span
      aria-hidden
      className={`flex ${box} shrink-0 items-center justify-center bg-brand-700 font-bold text-white`}
    >
      {target.shop ? (
        name.trim().charAt(0).toUpperCase()
      ) : (
        <ShoppingBag className={size === 'lg' ? 'size-7' : 'size-5'} />
      )}
    </span>
  );
}

/** The side panel: the real shop on a shop, a short honest word about the platform on the main domain. */
function SidePanel({ target }: { target: AuthTarget }) {
  const shop = target.shop;
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-600 to-brand-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
      <ShopMark target={target} size="lg" />
      <div className="max-w-md">
        {shop ? (
          <>
            <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Shopping at</p>
            <p className="mt-2 text-4xl leading-tight font-bold">{shop.store_name}</p>
            {shop.short_description || shop.description ? (
              <p className="mt-4 text-brand-50">{shop.short_description || shop.description}</p>
            ) : null}
            <p className="mt-6 text-sm text-brand-100">
              Your account here is for this shop: your cart, orders and addresses stay with it.
            </p>
          </>
        ) : target.marketplace ? (
          <>
            <p className="text-4xl leading-tight font-bold">One account for every Haat shop.</p>
            <p className="mt-4 text-brand-50">
              Sign in once: your saved addresses and wishlist follow you from shop to shop, and a shop gets
              your name, phone and address only when you order from it.
            </p>
          </>
        ) : (
          <>
            <p className="text-4xl leading-tight font-bold">Your shop, online, in minutes.</p>
            <p className="mt-4 text-brand-50">
              Sign up as a vendor to register your shop, list your products on the marketplace and manage your
              orders from one dashboard.
            </p>
          </>
        )}
      </div>
      <p className="flex items-center gap-2 text-sm text-brand-100">
        <BadgeCheck aria-hidden className="size-4" />
        We send a 6-digit code to your email to confirm it is yours.
      </p>
    </aside>
  );
}

/** The frame of every sign-in page: a brand side panel on wide screens, a slim bar on phones, the form card. */
export function AuthShell({
  target,
  title,
  subtitle,
  children,
}: {
  target: AuthTarget;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const home = target.shop ? target.home : '/';
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <SidePanel target={target} />
      <div className="flex min-h-dvh flex-col">
        <header className="flex items-center gap-3 px-4 py-4 sm:px-8">
          <Link to={home} className="flex min-w-0 items-center gap-2 rounded-md font-bold text-slate-900">
            <ShopMark target={target} size="sm" />
            <span className="truncate">{target.shop?.store_name ?? 'Haat'}</span>
          </Link>
          {target.shop ? (
            <span className="ml-auto hidden items-center gap-1 text-sm text-slate-500 sm:flex">
              <Store aria-hidden className="size-4" />
              Customer account
            </span>
          ) : null}
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 pt-2 pb-12 sm:px-8 sm:pt-8">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
            <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
              {children}
            </div>
          </div>
        </main>
      </div>
    </div>
  );
}
