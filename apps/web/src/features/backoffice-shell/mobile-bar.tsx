import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { raiseToasts } from '../../components/ui/toast-layer.tsx';
import { useLocation } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { Brand, SidebarBody } from './sidebar.tsx';

/**
 * Phones: the sidebar becomes a top bar with a menu button that opens it as a drawer (a modal <dialog>, so focus
 * stays inside and Escape closes it). Following a link closes the drawer.
 */
export function MobileBar() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const { shop } = useSelectedShop();
  const { signOut } = useSession();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the drawer
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      raiseToasts();
    }
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onClose = () => setOpen(false);
    const onClick = (e: MouseEvent) => {
      if (e.target === el) el.close();
    };
    el.addEventListener('close', onClose);
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('close', onClose);
      el.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 bg-slate-900 px-3 md:hidden">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Open menu"
        aria-expanded={open}
        className="rounded-lg p-2 text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Menu aria-hidden className="size-6" />
      </button>
      <Brand compact />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-200">{shop?.store_name}</span>
      <button
        type="button"
        onClick={signOut}
        aria-label="Logout"
        title="Logout"
        className="shrink-0 rounded-lg p-2 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <LogOut aria-hidden className="size-5" />
      </button>
      <dialog
        ref={ref}
        aria-label="Menu"
        className="m-0 h-dvh max-h-dvh w-72 max-w-[85vw] bg-slate-900 p-0 text-white backdrop:bg-slate-900/60"
      >
        {open ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between px-4 py-4">
              <Brand />
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label="Close menu"
                className="rounded-lg p-2 text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <SidebarBody />
          </div>
        ) : null}
      </dialog>
    </header>
  );
}
