import { LayoutDashboard, Menu, ShoppingBag, Store, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { UserMenu } from '../../features/accounts/user-menu.tsx';
import { Link, useLocation } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { platformUrl } from '../../lib/site-urls.ts';
import { useLoginChooser } from './login-chooser.tsx';
import { NAV_LINKS, navTarget } from './nav-links.ts';

/** The header turns solid after this much scroll (spec 01 §9). */
const SOLID_AFTER_PX = 50;

function useScrolledPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

/** The marketing header: transparent over the landing hero, solid (white, shadow) once scrolled. */
export function SiteHeader() {
  const location = useLocation();
  const { openChooser } = useLoginChooser();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { status, session } = useSession();
  const signedIn = status !== 'anonymous';
  const { platformDomain } = useHost();
  const overHero = location.pathname === '/';
  const solid = scrolled || menuOpen || !overHero;

  // Any navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const linkClass =
    'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500';

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        solid ? 'bg-white shadow-md' : 'bg-transparent'
      }`}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-700 text-white">
            <ShoppingBag aria-hidden className="size-5" />
          </span>
          Haat
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:ml-auto md:flex">
          {NAV_LINKS.map((link) => (
            <Link
              key={link.label}
              to={navTarget(link, location.pathname, location.search)}
              className={linkClass}
            >
              {link.label}
            </Link>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {/* Signed in: the user menu at every width; signed out: Login (in the phone menu below md). */}
          <UserMenu
            profileHref={session?.role_type === 'CUSTOMER' ? '/account' : '/profile'}
            links={
              session?.role_type === 'VENDOR'
                ? [
                    { label: 'My shops', href: '/my-shops', icon: <Store aria-hidden className="size-4" /> },
                    {
                      label: 'Open back office',
                      href: platformUrl(platformDomain, '/dashboard', 'admin'),
                      icon: <LayoutDashboard aria-hidden className="size-4" />,
                    },
                  ]
                : []
            }
            signedOut={
              // Hidden by a wrapper: the button's own inline-flex would win over `hidden` on it.
              <span className="hidden md:block">
                <button type="button" onClick={() => openChooser()} className={buttonStyles.primary}>
                  Login
                </button>
              </span>
            }
          />
          <button
            type="button"
            className="-mr-2 rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Main"
          className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
        >
          <ul className="flex flex-col">
            {NAV_LINKS.map((link) => (
              <li key={link.label}>
                <Link
                  to={navTarget(link, location.pathname, location.search)}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-brand-50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {signedIn ? null : (
            <button
              type="button"
              onClick={() => {
                setMenuOpen(false);
                openChooser();
              }}
              className={`${buttonStyles.primary} mt-3 w-full py-3`}
            >
              Login
            </button>
          )}
        </nav>
      ) : null}
    </header>
  );
}
