// Kit: where toasts appear; loads sonner only once a toast is wanted, so pages without one stay light.
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from '../../lib/toast.ts';

const LAYER_ID = 'toast-layer';

// Sonner loads with the first toast (lib/toast.ts), not with the page.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Toasts live in a manual popover so they sit in the browser's top layer: a modal <dialog> is in that layer
 * too, and a toast shown while one is open would otherwise be hidden behind its backdrop.
 */
export function ToastLayer() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  useEffect(() => {
    raiseToasts();
  }, []);
  return (
    <div
      id={LAYER_ID}
      popover="manual"
      className="m-0 h-0 w-0 overflow-visible border-0 bg-transparent p-0"
      style={{ inset: 'auto' }}
    >
      {wanted ? (
        <Suspense fallback={null}>
          {/*
            At the bottom, where they cover neither the top bars (the cart badge) nor the page's heading and first
            actions; several toasts are listed one above the other, never a card peeking out under another.
          */}
          <Toaster position="bottom-right" duration={4000} richColors closeButton expand />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Puts the toasts above everything else in the top layer (call after opening a modal dialog). */
export function raiseToasts() {
  const el = document.getElementById(LAYER_ID);
  if (!el || typeof el.showPopover !== 'function') return;
  if (el.matches(':popover-open')) el.hidePopover();
  el.showPopover();
}
