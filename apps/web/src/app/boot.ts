import type { HostInfo } from '@haat/contracts';

/**
 * Where this page is: the server resolves the host and injects it into index.html as JSON
 * (`<script id="haat-host" type="application/json">`), so the first paint needs no extra request.
 * Returns null when the page was served without it (the Vite dev server); the app then asks the API.
 */
export function readInjectedHost(): HostInfo | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('haat-host');
  if (!el?.textContent) return null;
  // Written by our own server from the same contract; parsing it with zod here would put zod in every page.
  try {
    return JSON.parse(el.textContent) as HostInfo;
  } catch {
    return null;
  }
}
