import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { parseHost } from '../modules/stores/index.ts';

/**
 * The installable back office (decision 0035): its service worker and web app manifest, which the web build writes
 * beside index.html (apps/web/build/service-worker.ts, apps/web/public/app.webmanifest). Only the admin host
 * answers them: a shop's or the marketing site's pages neither link nor load them.
 */
const APP_FILES = new Map([
  ['/sw.js', 'text/javascript; charset=utf-8'],
  ['/app.webmanifest', 'application/manifest+json; charset=utf-8'],
]);

export const isBackofficeAppFile = (path: string) => APP_FILES.has(path);

/**
 * Sends one of them, read from the build's folder on each request with `Cache-Control: no-cache`: the browser asks
 * every time it checks for a new version, and a deploy that replaces the files is seen at once. 404 elsewhere.
 */
export async function sendBackofficeAppFile(
  deps: Deps,
  distDir: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const path = req.url.split('?')[0] ?? '/';
  const type = APP_FILES.get(path);
  if (!type || parseHost(req.headers.host, path, deps.config.PLATFORM_DOMAIN).face !== 'backoffice')
    return reply.callNotFound();
  const body = await readFile(join(distDir, path.slice(1))).catch(() => null);
  if (!body) return reply.callNotFound();
  return reply.type(type).header('cache-control', 'no-cache').send(body);
}

/** A back-office page's head: the manifest that makes it installable, its bar colour and the home-screen icon. */
export const BACKOFFICE_HEAD = [
  '<link rel="manifest" href="/app.webmanifest" />',
  // The back office's top bar (slate-900); the manifest says the same for the installed app.
  '<meta name="theme-color" content="#0f172a" />',
  '<link rel="apple-touch-icon" href="/icons/haat-192.png" />',
].join('\n    ');
