import type { ErrorEnvelope } from '@haat/contracts';
import { ApiError, announceFailure, SERVICE_TIMEOUT_MS } from './api.ts';

/**
 * The few calls the JSON client cannot make: multipart image uploads and CSV imports (both with upload progress,
 * so XMLHttpRequest); file downloads are lib/download.ts. They send the same bearer token and
 * store-origin header, and failures are announced the same way (the catalogue's toasts).
 */
export interface RawOptions {
  token: string | null | undefined;
  storeOrigin?: string | null;
  /** Upload progress from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Text used when the server gave none. */
  errorMessage?: string;
  /** No toast on failure: the caller shows the problem itself. */
  silent?: boolean;
  /** Server work can take long (a big import): allow this long. */
  timeoutMs?: number;
}

const headersFor = (opts: RawOptions) => {
  const h: Record<string, string> = { accept: 'application/json' };
  if (opts.token) h.authorization = `Bearer ${opts.token}`;
  if (opts.storeOrigin) h['store-origin'] = opts.storeOrigin;
  return h;
};

/** Sends a body with XMLHttpRequest (for upload progress) and unwraps the `{ success, data }` envelope. */
export function sendWithProgress<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData | Blob | string,
  opts: RawOptions & { contentType?: string },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.timeout = opts.timeoutMs ?? SERVICE_TIMEOUT_MS;
    for (const [k, v] of Object.entries(headersFor(opts))) xhr.setRequestHeader(k, v);
    if (opts.contentType) xhr.setRequestHeader('content-type', opts.contentType);
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable && e.total > 0) report(e.loaded / e.total);
      });
      xhr.upload.addEventListener('load', () => report(1));
    }
    const offline = () => {
      if (!opts.silent) announceFailure(0, undefined);
      reject(new ApiError(0, 'Network error'));
    };
    xhr.addEventListener('error', offline);
    xhr.addEventListener('timeout', offline);
    xhr.addEventListener('load', () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      const envelope = parsed as { success?: boolean; data?: T; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success === true) {
        resolve(envelope.data as T);
        return;
      }
      const message = envelope?.message || opts.errorMessage || 'An error occurred';
      // Silent callers show the problem themselves, but an expired session is still handled (sign in again).
      if (!opts.silent || xhr.status === 401)
        announceFailure(xhr.status, envelope?.message, opts.errorMessage);
      reject(new ApiError(xhr.status, message, (envelope as ErrorEnvelope | null) ?? undefined));
    });
    xhr.send(body);
  });
}
