import type { ErrorEnvelope } from '@haat/contracts';
import { toast } from './toast.ts';

/**
 * The one API client. It unwraps the `{ success, data, message }` envelope, turns failures into the
 * spec's toasts (01 §8) in this one place, and returns `undefined` on failure. Query hooks use
 * `queryApi`, which throws an already-announced `ApiError` so TanStack Query records the failure.
 */
export const SERVICE_TIMEOUT_MS = 60_000;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null | (string | number)[]>;
  body?: unknown;
  /** The shop slug, sent as the store-origin header on store-scoped calls. */
  storeOrigin?: string | null;
  headers?: Record<string, string>;
  /** No toast on failure (the caller shows its own state, e.g. the shop status screens). */
  silent?: boolean;
  /** Show the spec's success toast (Created, Processing, Success) with the server's message. */
  successToast?: boolean;
  /** False for the sign-in calls themselves: a 401 there is the answer (and a failing refresh must not wait on
   * another refresh). */
  renew?: boolean;
  /** Specific failure text from the spec's catalogue, used when the server gave none. */
  errorMessage?: string;
  signal?: AbortSignal;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly envelope?: ErrorEnvelope,
  ) {
    super(message);
  }
  get code() {
    return this.envelope?.error.code;
  }
}

/**
 * A page's thing does not exist: 404, or a 400 for the id in its path (an address with a malformed id is as
 * missing as one with an unknown id).
 */
export const isNotFound = (e: unknown) =>
  e instanceof ApiError &&
  (e.status === 404 || (e.status === 400 && !!e.envelope?.error.issues?.some((i) => i.path === 'id')));

let authToken: string | null = null;
/** The accounts feature sets the bearer token here; calls send it when present. */
export const setAuthToken = (token: string | null) => {
  authToken = token;
};

let refreshSession: (() => Promise<string | null>) | null = null;
/** The accounts feature registers how to renew the access token; a 401 is retried once with the new one. */
export const setSessionRefresher = (fn: (() => Promise<string | null>) | null) => {
  refreshSession = fn;
};

let onUnauthorized: (() => void) | null = null;
export const setUnauthorizedHandler = (fn: (() => void) | null) => {
  onUnauthorized = fn;
};

const WARNING_TITLES: Record<number, [string, number]> = {
  400: ['Invalid Request', 5000],
  404: ['Not Found', 4000],
  409: ['Conflict', 5000],
  429: ['Rate Limited', 6000],
};
const SUCCESS_TITLES: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Processing',
  204: 'Success',
};

function buildUrl(path: string, query?: CallOptions['query']) {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
    else url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/** Set while an expired session is being announced: the page's other 401s join it (one toast, one trip to login). */
let expiryAnnounced = false;

/** Announces a failed call the way the spec's catalogue says. */
export function announceFailure(status: number, message: string | undefined, fallback?: string) {
  if (status === 401) {
    if (expiryAnnounced) return;
    expiryAnnounced = true;
    toast.error('Your session has expired. Please login again.', {
      id: 'session-expired',
      description: undefined,
      duration: 6000,
    });
    setTimeout(() => {
      expiryAnnounced = false;
      onUnauthorized?.();
    }, 2000);
    return;
  }
  if (status === 0) {
    toast.error('Service unavailable. Please check your connection and try again.', {
      duration: 5000,
    });
    return;
  }
  if (status >= 500) {
    toast.error('Something went wrong on our end. Please try again later.', { duration: 4000 });
    return;
  }
  if (status === 403) {
    toast.error(message || "You don't have permission to perform this action.", { duration: 4000 });
    return;
  }
  if (status === 422) {
    toast.warning('Validation Error', {
      description: message || 'Please check your input data.',
      duration: 4000,
    });
    return;
  }
  const [title, duration] = WARNING_TITLES[status] ?? ['Warning', 4000];
  const text =
    message || fallback || (status === 404 ? 'The requested resource was not found.' : 'An error occurred');
  toast.warning(title, { description: text, duration });
}

/** Sends one call; returns the envelope's data, or undefined after announcing the failure. */
export async function callApi<T>(path: string, opts: CallOptions = {}): Promise<T | undefined> {
  try {
    return await requestApi<T>(path, opts);
  } catch {
    return undefined;
  }
}

/** Like callApi but throws the (already announced) ApiError: for TanStack Query functions and mutations. */
export async function queryApi<T>(path: string, opts: CallOptions = {}): Promise<T> {
  return requestApi<T>(path, opts);
}

async function requestApi<T>(path: string, opts: CallOptions, retried = false): Promise<T> {
  const sentToken = authToken;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.storeOrigin) headers['store-origin'] = opts.storeOrigin;
  if (authToken) headers.authorization = `Bearer ${authToken}`;
  const timeout = AbortSignal.timeout(SERVICE_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (!opts.silent) announceFailure(0, undefined);
    throw new ApiError(0, 'Network error');
  }
  if (res.status === 401 && sentToken && refreshSession && !retried && opts.renew !== false) {
    // The access token may only have expired: renew it once and repeat the call before telling the user.
    const renewed = await refreshSession().catch(() => null);
    if (renewed) return requestApi<T>(path, opts, true);
  }
  if (res.status === 204) {
    if (opts.successToast) toast.success(SUCCESS_TITLES[204]);
    return undefined as T;
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    if (!opts.silent)
      toast.error('No data received from server', { description: 'Data Error', duration: 4000 });
    throw new ApiError(res.status, 'No data received from server');
  }
  if (!body || typeof body !== 'object' || !('success' in body)) {
    if (!opts.silent) toast.error('Unexpected response format received.');
    throw new ApiError(res.status, 'Unexpected response format received.');
  }
  const envelope = body as { success: boolean; data?: T; message?: string };
  if (!res.ok || envelope.success !== true) {
    const failure = body as ErrorEnvelope;
    if (!opts.silent) announceFailure(res.status, failure.message, opts.errorMessage);
    throw new ApiError(res.status, failure.message || opts.errorMessage || 'An error occurred', failure);
  }
  if (!('data' in envelope)) {
    if (!opts.silent) toast.warning('Missing Data', { description: 'No result data found' });
    throw new ApiError(res.status, 'No result data found');
  }
  if (opts.successToast) {
    toast.success(SUCCESS_TITLES[res.status] ?? 'Success', { description: envelope.message });
  }
  return envelope.data as T;
}
