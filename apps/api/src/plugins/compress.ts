import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes a response goes out as it is: compressing saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/;

/**
 * The encoding to answer with when the client accepts it (a q=0 refuses it): gzip first, brotli otherwise. For
 * answers built per request gzip at level 5 costs about half of brotli at quality 4 (0.04 against 0.07 ms for a
 * 7.5 KB listing, 0.12 against 0.22 ms for a 27 KB page) for 5% more bytes; the static assets, compressed once,
 * go out as brotli (plugins/web.ts).
 */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('gzip') ? 'gzip' : ok('br') ? 'br' : null;
}

/**
 * Compresses the responses the app builds in memory (HTML pages, API JSON, XML, demo SVGs) when the client
 * accepts it, at the cheap end (gzip level 5, brotli quality 4): a shop page of 27 KB goes out as about 5 KB for
 * about a tenth of a millisecond. Streams (static files) and anything already encoded (the built assets,
 * compressed once in plugins/web.ts) pass through untouched.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_THRESHOLD) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? brotliCompressSync(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : gzipSync(payload, { level: 5 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
