import { Heart, LogOut, Package, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { shopBase } from '../../app/paths.ts';
import { Link, useLocation } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { fullName, initials } from '../../lib/session/session-storage.ts';

/** The menu closes this long after the pointer leaves it (01 §9). */
export const MENU_CLOSE_DELAY_MS = 2000;

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * The account menu of a signed-in user: a round button with the user's initials opening Welcome back, View
 * Profile, See Orders (when a shop is in context) and Logout. user-menu.tsx loads it only for a signed-in user.
 */
export function SignedInMenu({
  profileHref,
  ordersHref,
  links = [],
}: {
  profileHref: string;
  ordersHref?: string | null;
  links?: { label: string; href: string; icon: ReactNode }[];
}) {
  const { session, signOut } = useSession();
  const host = useHost();
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();
  const { key } = useLocation();

  const cancelClose = () => clearTimeout(timer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [key]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!session) return null;

  const name = fullName(session);
  // A shopper's wishlist, across their Haat shops, from any shop they are a customer of.
  const wishlistHref =
    host.face === 'storefront' && session.role_type === 'CUSTOMER'
      ? `${shopBase(host.via, host.storeSlug)}/wishlist`
      : null;
  return (
    <div
      ref={wrapRef}
      className="relative"
      onPointerEnter={cancelClose}
      onPointerLeave={() => {
        cancelClose();
        if (open) timer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
        className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {initials(session)}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
      >
        <div className="border-b border-slate-100 px-3 pt-1 pb-3">
          <p className="text-sm font-semibold text-slate-900">Welcome back, {name}</p>
          <p className="truncate text-xs text-slate-500">{session.email}</p>
        </div>
        <ul className="pt-2">
          <li>
            <Link to={profileHref} className={itemClass}>
              <UserRound aria-hidden className="size-4" />
              View Profile
            </Link>
          </li>
          {ordersHref ? (
            <li>
              <Link to={ordersHref} className={itemClass}>
                <Package aria-hidden className="size-4" />
                See Orders
              </Link>
            </li>
          ) : null}
          {wishlistHref ? (
            <li>
              <Link to={wishlistHref} className={itemClass}>
                <Heart aria-hidden className="size-4" />
                Wishlist
              </Link>
            </li>
          ) : null}
          {links.map((l) => (
            <li key={l.label}>
              {/^https?:/.test(l.href) ? (
                <a href={l.href} className={itemClass}>
                  {l.icon}
                  {l.label}
                </a>
              ) : (
                <Link to={l.href} className={itemClass}>
                  {l.icon}
                  {l.label}
                </Link>
              )}
            </li>
          ))}
          <li>
            <button type="button" onClick={signOut} className={itemClass}>
              <LogOut aria-hidden className="size-4" />
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
