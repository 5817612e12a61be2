import { Workbox } from 'workbox-window';
import { toast } from '../../lib/toast.ts';

/** How often a back office left open (the counter, all day) asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Installs the back office's service worker (decision 0035) and offers each new version once it is fully
 * downloaded: "A new version of Haat is ready" with Reload. Nothing changes until the person chooses Reload; then
 * the new worker takes over and every open tab of the back office reloads onto it (controllerchange), so no tab
 * runs one version's page with another's code. Returns the cleanup. Not in development (Vite serves no worker), nor
 * where the browser has none or refuses one (private windows): the back office then works as a plain page.
 */
export function installBackofficeApp(): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return () => {};
  const container = navigator.serviceWorker;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // The first install takes this tab without a reload (the worker claims it); any later change of worker is an
  // update the person chose, in this tab or another.
  let controlled = !!container.controller;
  let reloading = false;
  const onControllerChange = () => {
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  };
  container.addEventListener('controllerchange', onControllerChange);
  wb.addEventListener('waiting', () => {
    toast.info('A new version of Haat is ready', {
      id: 'haat-update',
      description: 'Reload to use it: every open Haat tab reloads with it.',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: () => wb.messageSkipWaiting() },
    });
  });
  wb.register().catch(() => {});
  const check = () => {
    if (document.visibilityState === 'visible') wb.update().catch(() => {});
  };
  const timer = setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', check);
    container.removeEventListener('controllerchange', onControllerChange);
  };
}
