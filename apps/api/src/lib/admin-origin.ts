import type { FastifyRequest } from 'fastify';
import type { Deps } from './deps.ts';

/**
 * The back office's origin as seen from this request (`admin.<PLATFORM_DOMAIN>`, with the port the request came
 * in on), for links in mail to the shop. Production runs behind https on the standard port.
 */
export function adminOrigin(deps: Deps, req: FastifyRequest) {
  if (deps.config.NODE_ENV === 'production') return `https://admin.${deps.config.PLATFORM_DOMAIN}`;
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  return `${req.protocol}://admin.${deps.config.PLATFORM_DOMAIN}${port ? `:${port}` : ''}`;
}
