import type { ExternalToast } from 'sonner';

/**
 * The app's toasts. Sonner (about 10 KB gzip) is not part of the first load: the first toast loads it, and
 * the toast layer mounts its Toaster then. Sonner hands toasts raised before the Toaster subscribed to it
 * once it does, so nothing shown while the chunk loads is lost.
 */
type Kind = 'success' | 'error' | 'warning' | 'info';
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Loads sonner (once) and tells the toast layer to mount its Toaster. */
export function loadToasts(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  sonner ??= import('sonner');
  return sonner;
}

/** For the toast layer: whether a toast was asked for yet, and a way to hear when one is. */
export const toastsWanted = () => wanted;
export const onToastsWanted = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

type Message = Parameters<Sonner['toast']['success']>[0];

const show = (kind: Kind) => (message: Message, options?: ExternalToast) => {
  loadToasts().then(
    (m) => m.toast[kind](message, options),
    // The chunk failed to load (offline): nothing to show the message with; the next toast tries again.
    () => {
      sonner = null;
    },
  );
};

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};
