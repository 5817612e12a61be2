import type { ErrorEnvelope } from '@haat/contracts';
import { ApiError, announceFailure } from '../../lib/api.ts';
import type { OrderListQuery } from './admin-orders-api.ts';

interface Auth {
  token: string | null | undefined;
  slug: string;
}

/** Fetches a file the back office serves (CSV, PDF) with the vendor's token; failures are announced as usual. */
async function fetchFile(url: string, auth: Auth, errorMessage: string): Promise<Blob> {
  const headers: Record<string, string> = { 'store-origin': auth.slug };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    announceFailure(0, undefined);
    throw new ApiError(0, 'Network error');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
    announceFailure(res.status, body?.message, errorMessage);
    throw new ApiError(res.status, body?.message ?? errorMessage);
  }
  return res.blob();
}

function save(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

const today = () => new Date().toISOString().slice(0, 10);

/** A back-office file (an invoice) saved under `name`. */
export async function saveFile(url: string, name: string, auth: Auth, errorMessage: string) {
  save(await fetchFile(url, auth, errorMessage), name);
}

/** Order Management's filtered list as a CSV file. */
export async function saveOrdersCsv(q: OrderListQuery, auth: Auth) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v !== undefined && v !== '' && k !== 'limit' && k !== 'offset') params.set(k, String(v));
  }
  const blob = await fetchFile(`/api/admin/order/export.csv?${params}`, auth, 'The export failed');
  save(blob, `${auth.slug}-orders-${today()}.csv`);
}

/**
 * Packing slips (one PDF page per order) opened in a new tab to print. The tab is opened at the click (so no
 * popup blocker stops it) and shown the PDF when it arrives; without a tab the PDF is downloaded instead.
 */
export async function openPackingSlips(ids: string[], auth: Auth) {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchFile(
      `/api/admin/order/packing-slips.pdf?ids=${ids.map(encodeURIComponent).join(',')}`,
      auth,
      'The packing slips could not be made',
    );
    const pdf = new Blob([blob], { type: 'application/pdf' });
    if (tab) tab.location.href = URL.createObjectURL(pdf);
    else save(pdf, `packing-slips-${today()}.pdf`);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
