import type { ErrorEnvelope } from '@haat/contracts';
import { ApiError, announceFailure } from './api.ts';

/**
 * Files the API builds (CSV exports, invoices, packing slips): fetched with the signed-in token and the shop's
 * store-origin header, failures announced like every call's, and handed to the browser as a download.
 */
export interface FileRequest {
  token: string | null | undefined;
  storeOrigin?: string | null;
  /** Text used when the server gave none. */
  errorMessage?: string;
  /** No toast on failure: the caller shows the problem itself. */
  silent?: boolean;
}

/** Fetches a file; resolves to its bytes and the name the server gave it (content-disposition). */
export async function fetchFile(
  url: string,
  opts: FileRequest,
): Promise<{ blob: Blob; name: string | null }> {
  const headers: Record<string, string> = { accept: '*/*' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.storeOrigin) headers['store-origin'] = opts.storeOrigin;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    if (!opts.silent) announceFailure(0, undefined);
    throw new ApiError(0, 'Network error');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
    if (!opts.silent) announceFailure(res.status, body?.message, opts.errorMessage);
    throw new ApiError(
      res.status,
      body?.message ?? opts.errorMessage ?? 'An error occurred',
      body ?? undefined,
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await res.blob(), name: name ? decodeURIComponent(name) : null };
}

/** Hands bytes to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads a file under the server's name (or `fallbackName`); resolves to the name used. */
export async function downloadFile(url: string, fallbackName: string, opts: FileRequest): Promise<string> {
  const { blob, name } = await fetchFile(url, opts);
  const used = name ?? fallbackName;
  saveBlob(blob, used);
  return used;
}
