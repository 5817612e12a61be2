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
  const c = deps.config;
  const maxBytes = c.PAGE_CACHE_MB * 1024 * 1024;
  const pages = new Map<string, Entry>();
  let bytes = 0;
  const flights = new Map<string, Flight>();
  const gates = new Map<string, { active: number; queue: (() => void)[] }>();
  /** The version each shop was last seen at here: a newer one forgets what this process kept about the shop. */
  const seen = new Map<string, number>();
  const fresh: Deps = {
    ...deps,
    storeCache: readThrough(deps.storeCache),
    storefrontCache: readThrough(deps.storefrontCache),
  };

  const drop = (e: Entry) => {
    if (pages.get(e.key) === e) pages.delete(e.key);
    bytes -= e.bytes;
  };
  const keep = (e: Entry) => {
    const old = pages.get(e.key);
    if (old) drop(old);
    pages.set(e.key, e);
    bytes += e.bytes;
    for (const oldest of pages.values()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

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
  const leave = (storeId: string) => {
    const g = gates.get(storeId);
    if (!g) return;
    g.active--;
    const next = g.queue.shift();
    if (next) next();
    else if (g.active === 0) gates.delete(storeId);
  };

  /** The open shop whose public page this address is, from the directory cache; null for any other page. */
  const shopOf = async (req: FastifyRequest, path: string) => {
    const target = parseHost(req.headers.host, path, c.PLATFORM_DOMAIN);
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
  };

  const render = async (
    req: FastifyRequest,
    path: string,
    key: string,
    storeId: string,
    version: number,
    stale: Entry | undefined,
  ): Promise<Rendered> => {
    const slot = enter(storeId, !stale);
    if (!(slot === true || (await slot))) return 'busy';
    try {
      if ((seen.get(storeId) ?? -1) < version) {
        seen.set(storeId, version);
        deps.storefrontCache.deleteWhere((k) => k.startsWith(`${storeId}|`));
      }
      const [page, dealAt] = await Promise.all([
        answer(fresh, req, path),
        readInStore(deps.db, storeId, (tx) => [nextDealChange(tx)] as const).then(
          ([rows]) => (rows[0]?.at ? Date.parse(rows[0].at) : null),
          () => Date.now(), // unknown: keep the page for no time
        ),
      ]);
      if (page.redirect || page.status !== 200 || !page.open || !page.complete) return { answer: page };
      const raw = Buffer.from(page.html);
      const entry: Entry = {
        key,
        storeId,
        version,
        expires: Math.min(Date.now() + c.PAGE_CACHE_MAX_AGE_MS, dealAt ?? Number.POSITIVE_INFINITY),
        status: page.status,
        raw,
        etag: `"${version.toString(36)}-${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
        bytes: raw.length + key.length + 200,
      };
      if (entry.expires > Date.now()) keep(entry);
      return { entry, timing: page.serverTiming };
    } finally {
      leave(storeId);
    }
  };

  const send = (
    req: FastifyRequest,
    reply: FastifyReply,
    e: Entry,
    state: 'hit' | 'miss' | 'stale',
  ): FastifyReply => {
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
    // Compressed once per page and kept with it, so at the best settings (a few ms, once).
    let body = e[encoding];
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(e.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(e.raw, { level: 9 });
      e[encoding] = body;
      if (pages.get(e.key) === e) {
        e.bytes += body.length;
        bytes += body.length;
      }
    }
    return reply.header('content-encoding', encoding).send(body);
  };

  return {
    async serve(req: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
      const row = await shopOf(req, path).catch(() => null);
      // On a storefront reader, not the app pool: a shop's orders queueing on a hot product's stock hold app
      // connections, and every shop's pages would wait behind them (bench:flash).
      const version = row
        ? await readInStore(
            deps.db,
            row.id,
            (tx) => [contentVersion(tx as unknown as Db, row.id)] as const,
          ).then(
            ([v]) => v,
            () => null,
          )
        : null;
      if (!row || version === null) return sendAnswer(reply, await answer(deps, req, path));
      const key = `${req.protocol}://${String(req.headers.host ?? '').toLowerCase()}${req.url}`;
      const kept = pages.get(key);
      if (kept && kept.version === version && kept.expires > Date.now()) {
        // Most recently used goes last.
        pages.delete(key);
        pages.set(key, kept);
        return send(req, reply, kept, 'hit');
      }
      const flightKey = `${version}|${key}`;
      let flight = flights.get(flightKey);
      if (!flight) {
        flight = render(req, path, key, row.id, version, kept).finally(() => flights.delete(flightKey));
        flights.set(flightKey, flight);
      }
      const out = await flight;
      if (out === 'busy') {
        if (kept) return send(req, reply, kept, 'stale');
        return reply
          .code(503)
          .header('retry-after', '1')
          .header('cache-control', 'no-store')
          .header('content-type', 'text/plain; charset=utf-8')
          .send('This shop is very busy right now: please try again in a moment.');
      }
      if ('answer' in out) return sendAnswer(reply, out.answer);
      if (out.timing) reply.header('server-timing', out.timing);
      return send(req, reply, out.entry, 'miss');
    },
    /** Pages kept and their bytes (tests, the benchmark). */
    stats: () => ({ pages: pages.size, bytes }),
  };
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
function matches(header: string | string[] | undefined, etag: string) {
  if (!header) return false;
  const list = Array.isArray(header) ? header.join(',') : header;
  if (list.trim() === '*') return true;
  return list.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
