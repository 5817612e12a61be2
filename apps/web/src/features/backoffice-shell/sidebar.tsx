import { can } from '@haat/contracts';
import { LogOut, PanelLeftClose, PanelLeftOpen, Store } from 'lucide-react';
import { Link, NavLink } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { fullName, initials } from '../../lib/session/session-storage.ts';
import { useShopRole } from '../../lib/shop-role.ts';
import { NAV_ITEMS, PLATFORM_ITEM } from './nav-items.ts';
import { ShopSwitcher } from './shop-switcher.tsx';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** The logo, leading to the dashboard. Collapsed: the mark alone; compact (phone top bar): the name from sm up. */
export function Brand({ collapsed = false, compact = false }: { collapsed?: boolean; compact?: boolean }) {
  return (
    <Link
      to="/dashboard/"
      className={`flex shrink-0 items-center gap-2 rounded-lg font-bold text-white ${focusRing}`}
      aria-label={collapsed || compact ? 'Haat Admin, dashboard' : undefined}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600">
        <Store aria-hidden className="size-5" />
      </span>
      {collapsed ? null : (
        <span aria-hidden={compact || undefined} className={`text-lg ${compact ? 'hidden sm:inline' : ''}`}>
          Haat Admin
        </span>
      )}
    </Link>
  );
}

/**
 * What the sidebar holds (02 §2): the shop switcher, the screens, and at the bottom who is signed in with Logout.
 * Collapsed, only icons show (each still named for screen readers and with a tooltip).
 */
export function SidebarBody({ collapsed = false }: { collapsed?: boolean }) {
  const { session, signOut } = useSession();
  const role = useShopRole();
  return (
    <>
      <div className={collapsed ? 'px-2' : 'px-4'}>
        <ShopSwitcher collapsed={collapsed} />
      </div>
      <nav aria-label="Back office" className={`mt-4 flex-1 overflow-y-auto ${collapsed ? 'px-2' : 'px-3'}`}>
        <ul className="space-y-1">
          {(session?.role_type === 'ADMIN' ? [PLATFORM_ITEM] : [])
            .concat(NAV_ITEMS.filter((i) => can(role, i.op)))
            .map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={collapsed ? label : undefined}
                  aria-label={collapsed ? label : undefined}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg py-2.5 text-sm font-medium transition-colors ${focusRing} ${
                      collapsed ? 'justify-center px-2' : 'px-3'
                    } ${isActive ? 'bg-brand-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'}`
                  }
                >
                  <Icon aria-hidden className="size-5 shrink-0" />
                  {collapsed ? null : label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      {session ? (
        <div className={`border-t border-slate-800 py-4 ${collapsed ? 'px-2' : 'px-3'}`}>
          <Link
            to="/profile"
            title={collapsed ? `${fullName(session)} (${session.email})` : undefined}
            className={`flex min-w-0 items-center gap-3 rounded-lg p-2 hover:bg-slate-800 ${focusRing} ${
              collapsed ? 'justify-center' : ''
            }`}
          >
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-700 text-sm font-bold text-white"
            >
              {initials(session)}
            </span>
            <span className={collapsed ? 'sr-only' : 'min-w-0'}>
              <span className="block truncate text-sm font-semibold text-white">{fullName(session)}</span>
              <span className="block truncate text-xs text-slate-400">{session.email}</span>
            </span>
          </Link>
          <button
            type="button"
            onClick={signOut}
            title={collapsed ? 'Logout' : undefined}
            aria-label={collapsed ? 'Logout' : undefined}
            className={`mt-1 flex w-full items-center gap-3 rounded-lg py-2.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white ${focusRing} ${
              collapsed ? 'justify-center px-2' : 'px-3'
            }`}
          >
            <LogOut aria-hidden className="size-5 shrink-0" />
            {collapsed ? null : 'Logout'}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The desktop sidebar: sticky beside the content, collapsible (the layout keeps the choice). */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <aside
      className={`sticky top-0 hidden h-dvh shrink-0 flex-col bg-slate-900 transition-[width] duration-200 motion-reduce:transition-none md:flex ${
        collapsed ? 'w-[4.5rem]' : 'w-64'
      }`}
    >
      <div className={`flex items-center gap-2 py-4 ${collapsed ? 'flex-col px-2' : 'justify-between px-4'}`}>
        <Brand collapsed={collapsed} />
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className={`rounded-lg p-2 text-slate-400 hover:bg-slate-800 hover:text-white ${focusRing}`}
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden className="size-5" />
          ) : (
            <PanelLeftClose aria-hidden className="size-5" />
          )}
        </button>
      </div>
      <SidebarBody collapsed={collapsed} />
    </aside>
  );
}
