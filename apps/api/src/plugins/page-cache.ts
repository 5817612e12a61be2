import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Db, readInStore } from '@haat/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import type { TtlCache } from '../lib/ttl-cache.ts';
import {
  contentVersion,
  findStoreByDomain,
  findStoreBySlug,
  isOpen,
  nextDealChange,
  parseHost,
} from '../modules/stores/index.ts';
import { COMPRESS_THRESHOLD, pickEncoding } from './compress.ts';

/** A page as plugins/web.ts answers it. */
export interface PageAnswer {
  status: number;
  html: string;
  redirect?: string;
  /** Seconds a closed shop's 503 asks to wait (Retry-After). */
  retryAfter?: number;
  serverTiming?: string;
  /** An open shop's page (a status screen, the marketing site or the back office is not). */
  open: boolean;
  /** False when a page the server renders went out unrendered (the renderer failed or was slow): not kept. */
  complete: boolean;
}

/** Sends a page that is not kept: every load renders it (`no-cache`, as before issue 37). */
export function sendAnswer(reply: FastifyReply, a: PageAnswer) {
  if (a.redirect) return reply.redirect(a.redirect, a.status);
  if (a.serverTiming) reply.header('server-timing', a.serverTiming);
  if (a.retryAfter) reply.header('retry-after', String(a.retryAfter));
  return reply
    .code(a.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(a.html);
}

/**
 * What a shared cache (a CDN, the reverse proxy) may do with an anonymous shop page: keep it for a second and serve
 * it a second longer while it asks again, so a page there is at most 2 s older than the shop's last change
 * (decision 0024). Browsers ask every time (max-age=0) and get 304 while the ETag holds.
 */
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=1, stale-while-revalidate=1';
/** A request with a sign-in marker: nothing on its way may keep the page for anyone else. */
export const PRIVATE_PAGE = 'private, no-cache';
/** The cookie an unremembered sign-in keeps (decision 0008); a remembered one has none and the page is the same. */
const SESSION_COOKIE = /(?:^|;\s*)haat_browser_session=/;

interface Entry {
  key: string;
  storeId: string;
  version: number;
  /** When the page stops being served (a deal starting or ending, or PAGE_CACHE_MAX_AGE_MS). */
  expires: number;
  status: number;
  raw: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  bytes: number;
}

type Rendered = { entry: Entry; timing?: string } | { answer: PageAnswer } | 'busy';
type Flight = Promise<Rendered>;

/** A copy of a cache that never answers but keeps what is read through it: a render reads current rows. */
const readThrough = <V>(c: TtlCache<V>): TtlCache<V> =>
  Object.create(c, { get: { value: () => undefined } }) as TtlCache<V>;

/** The pages kept here, least recently used first, within PAGE_CACHE_MB. */
function pageStore(maxBytes: number) {
  const pages = new Map<string, Entry>();
  const store = {
    pages,
    bytes: 0,
    drop(e: Entry) {
      if (pages.get(e.key) === e) pages.delete(e.key);
      store.bytes -= e.bytes;
    },
    keep(e: Entry) {
      const old = pages.get(e.key);
      if (old) store.drop(old);
      pages.set(e.key, e);
      store.bytes += e.bytes;
      for (const oldest of pages.values()) {
        if (store.bytes <= maxBytes) break;
        store.drop(oldest);
      }
    },
    /** Marks a kept page most recently used: it goes last. */
    touch(e: Entry) {
      pages.delete(e.key);
      pages.set(e.key, e);
    },
    /** Counts a compressed body kept with the page, while the page is still kept. */
    grow(e: Entry, n: number) {
      if (pages.get(e.key) === e) {
        e.bytes += n;
        store.bytes += n;
      }
    },
  };
  return store;
}
type PageStore = ReturnType<typeof pageStore>;

/** Each shop's render slots: PAGE_RENDERS_PER_SHOP at once, then a queue of PAGE_RENDER_QUEUE waiting briefly. */
function renderGates(c: Deps['config']) {
  const gates = new Map<string, { active: number; queue: (() => void)[] }>();
  /** A render slot of the shop: at once, after waiting in its queue, or false when none came in time. */
  const enter = (storeId: string, mayWait: boolean): Promise<boolean> | boolean => {
    let g = gates.get(storeId);
    if (!g) {
      g = { active: 0, queue: [] };
      gates.set(storeId, g);
    }
    if (g.active < c.PAGE_RENDERS_PER_SHOP) {
      g.active++;
      return true;
    }
    if (!mayWait || g.queue.length >= c.PAGE_RENDER_QUEUE) return false;
    const gate = g;
    return new Promise<boolean>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        gate.active++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = gate.queue.indexOf(go);
        if (i >= 0) gate.queue.splice(i, 1);
        resolve(false);
      }, c.PAGE_RENDER_WAIT_MS);
      gate.queue.push(go);
    });
  };
  /** Gives the slot back: to the next in the queue, or forgets the shop once it renders nothing. */
  const leave = (storeId: string) => {
    const g = gates.get(storeId);
    if (!g) return;
    g.active--;
    const next = g.queue.shift();
    if (next) next();
    else if (g.active === 0) gates.delete(storeId);
  };
  return { enter, leave };
}

/** What the cache works with: the app's deps, a copy that reads rows afresh, the renderer and its own state. */
interface PageCacheState {
  deps: Deps;
  fresh: Deps;
  answer: (d: Deps, req: FastifyRequest, path: string) => Promise<PageAnswer>;
  store: PageStore;
  gates: ReturnType<typeof renderGates>;
  flights: Map<string, Flight>;
  /** The version each shop was last seen at here: a newer one forgets what this process kept about the shop. */
  seen: Map<string, number>;
}

/** The page a render is for: its cache key, path, shop and the shop's content version. */
interface PageTarget {
  key: string;
  path: string;
  storeId: string;
  version: number;
}

/**
 * Rendered shop pages kept per shop content version (issue 37, decision 0024). An anonymous GET of an open shop's
 * home, listing, product page or policy page reads the shop's version (migration 0047: one statement) and is
 * answered from the page kept for its host, path and query when that page was rendered at the same version and has
 * not expired; otherwise it is rendered once however many ask at the same time, with the shop's rows read afresh.
 * Each process reads the version from the database, so several processes stay exact. Memory is bounded by
 * PAGE_CACHE_MB (least recently used first). A shop renders at most PAGE_RENDERS_PER_SHOP pages at once: beyond
 * that it gets its page as last rendered, or waits in a short queue, or 503, so one shop's burst leaves the rest of
 * the server to the others.
 */
export function pageCache(
  deps: Deps,
  answer: (d: Deps, req: FastifyRequest, path: string) => Promise<PageAnswer>,
) {
  const state: PageCacheState = {
    deps,
    fresh: {
      ...deps,
      storeCache: readThrough(deps.storeCache),
      storefrontCache: readThrough(deps.storefrontCache),
    },
    answer,
    store: pageStore(deps.config.PAGE_CACHE_MB * 1024 * 1024),
    gates: renderGates(deps.config),
    flights: new Map(),
    seen: new Map(),
  };
  return {
    serve: (req: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> =>
      servePage(state, req, reply, path),
    /** Pages kept and their bytes (tests, the benchmark). */
    stats: () => ({ pages: state.store.pages.size, bytes: state.store.bytes }),
  };
}

/** Answers one page: kept, rendered once for everyone asking, the last one kept when busy, or not kept at all. */
async function servePage(s: PageCacheState, req: FastifyRequest, reply: FastifyReply, path: string) {
  const row = await shopOf(s.deps, req, path).catch(() => null);
  const version = row ? await readVersion(s.deps, row.id) : null;
  if (!row || version === null) return sendAnswer(reply, await s.answer(s.deps, req, path));
  const key = `${req.protocol}://${String(req.headers.host ?? '').toLowerCase()}${req.url}`;
  const kept = s.store.pages.get(key);
  if (kept && kept.version === version && kept.expires > Date.now()) {
    s.store.touch(kept);
    return sendEntry(s.store, req, reply, { entry: kept, state: 'hit' });
  }
  const out = await renderOnce(s, req, { key, path, storeId: row.id, version }, kept);
  if (out === 'busy') {
    if (kept) return sendEntry(s.store, req, reply, { entry: kept, state: 'stale' });
    return sendBusy(reply);
  }
  if ('answer' in out) return sendAnswer(reply, out.answer);
  if (out.timing) reply.header('server-timing', out.timing);
  return sendEntry(s.store, req, reply, { entry: out.entry, state: 'miss' });
}

/**
 * The shop's content version, or null when it cannot be read. On a storefront reader, not the app pool: a shop's
 * orders queueing on a hot product's stock hold app connections, and every shop's pages would wait behind them
 * (bench:flash).
 */
function readVersion(deps: Deps, storeId: string): Promise<number | null> {
  return readInStore(deps.db, storeId, (tx) => [contentVersion(tx as unknown as Db, storeId)] as const).then(
    ([v]) => v,
    () => null,
  );
}

/** The render of this page at this version: joined when one is already under way, else started. */
function renderOnce(s: PageCacheState, req: FastifyRequest, t: PageTarget, stale: Entry | undefined) {
  const flightKey = `${t.version}|${t.key}`;
  let flight = s.flights.get(flightKey);
  if (!flight) {
    flight = render(s, req, t, stale).finally(() => s.flights.delete(flightKey));
    s.flights.set(flightKey, flight);
  }
  return flight;
}

/** The 503 of a shop with no render slot and no page kept. */
function sendBusy(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', '1')
    .header('cache-control', 'no-store')
    .header('content-type', 'text/plain; charset=utf-8')
    .send('This shop is very busy right now: please try again in a moment.');
}

/** The open shop whose public page this address is, from the directory cache; null for any other page. */
async function shopOf(deps: Deps, req: FastifyRequest, path: string) {
  const target = parseHost(req.headers.host, path, deps.config.PLATFORM_DOMAIN);
  if (target.face !== 'storefront') return null;
  const row =
    target.via === 'domain'
      ? await findStoreByDomain(deps, target.domain)
      : await findStoreBySlug(deps, target.storeSlug);
  if (!row || !isOpen(row.onlineStatus)) return null;
  const base = target.via === 'path' ? `/store/${target.storeSlug}` : '';
  if (!path.startsWith(base)) return null;
  const rest = path.slice(base.length).replace(/\/+$/, '');
  const kept =
    rest === '' ||
    rest === '/products' ||
    /^\/product\/[^/]+$/.test(rest) ||
    /^\/policies\/[a-z-]+$/.test(rest);
  return kept ? row : null;
}

/** Renders the page in one of the shop's slots (busy without one), keeping it when it is a complete open page. */
async function render(
  s: PageCacheState,
  req: FastifyRequest,
  t: PageTarget,
  stale: Entry | undefined,
): Promise<Rendered> {
  const slot = s.gates.enter(t.storeId, !stale);
  if (!(slot === true || (await slot))) return 'busy';
  try {
    if ((s.seen.get(t.storeId) ?? -1) < t.version) {
      s.seen.set(t.storeId, t.version);
      s.deps.storefrontCache.deleteWhere((k) => k.startsWith(`${t.storeId}|`));
    }
    const [page, dealAt] = await Promise.all([s.answer(s.fresh, req, t.path), nextDealAt(s.deps, t.storeId)]);
    if (page.redirect || page.status !== 200 || !page.open || !page.complete) return { answer: page };
    const entry = entryOf(s.deps, t, page, dealAt);
    if (entry.expires > Date.now()) s.store.keep(entry);
    return { entry, timing: page.serverTiming };
  } finally {
    s.gates.leave(t.storeId);
  }
}

/** When the shop's next deal starts or ends (null: none); unknown keeps the page for no time. */
function nextDealAt(deps: Deps, storeId: string): Promise<number | null> {
  return readInStore(deps.db, storeId, (tx) => [nextDealChange(tx)] as const).then(
    ([rows]) => (rows[0]?.at ? Date.parse(rows[0].at) : null),
    () => Date.now(), // unknown: keep the page for no time
  );
}

/** A rendered page as kept: until PAGE_CACHE_MAX_AGE_MS or the next deal change, with its ETag. */
function entryOf(deps: Deps, t: PageTarget, page: PageAnswer, dealAt: number | null): Entry {
  const raw = Buffer.from(page.html);
  return {
    key: t.key,
    storeId: t.storeId,
    version: t.version,
    expires: Math.min(Date.now() + deps.config.PAGE_CACHE_MAX_AGE_MS, dealAt ?? Number.POSITIVE_INFINITY),
    status: page.status,
    raw,
    etag: `"${t.version.toString(36)}-${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
    bytes: raw.length + t.key.length + 200,
  };
}

/** Sends a kept or just rendered page with its cache headers: 304 when the ETag holds, compressed when asked. */
function sendEntry(
  store: PageStore,
  req: FastifyRequest,
  reply: FastifyReply,
  { entry: e, state }: { entry: Entry; state: 'hit' | 'miss' | 'stale' },
): FastifyReply {
  const signedIn = SESSION_COOKIE.test(String(req.headers.cookie ?? '')) || !!req.headers.authorization;
  reply
    .code(e.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('x-page-cache', state);
  if (state === 'stale') reply.header('cache-control', 'no-cache');
  else {
    reply.header('cache-control', signedIn ? PRIVATE_PAGE : PUBLIC_PAGE).header('etag', e.etag);
    if (matches(req.headers['if-none-match'], e.etag)) return reply.code(304).send();
  }
  // The render's own answer goes out as any built answer (plugins/compress.ts: gzip at level 5, about a
  // millisecond for a 60 kB page): an address asked once (a query of its own) never pays the best settings, which
  // cost several times that (gzip 9, brotli 9). Asked again, the page is compressed at them once and kept so.
  if (state === 'miss') return reply.send(e.raw);
  const encoding = e.raw.length >= COMPRESS_THRESHOLD ? pickEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(e.raw);
  return reply.header('content-encoding', encoding).send(compressed(store, e, encoding));
}

/** The page compressed at the best settings: once per page and kept with it (a few ms, once). */
function compressed(store: PageStore, e: Entry, encoding: 'br' | 'gzip'): Buffer {
  let body = e[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(e.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(e.raw, { level: 9 });
    e[encoding] = body;
    store.grow(e, body.length);
  }
  return body;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
function matches(header: string | string[] | undefined, etag: string) {
  if (!header) return false;
  const list = Array.isArray(header) ? header.join(',') : header;
  if (list.trim() === '*') return true;
  return list.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
