import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Hop-by-hop or recomputed when this server sends the body on. */
const NOT_FORWARDED = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive', 'date']);

/**
 * The API's documentation at /api/docs (the page, its assets, /api/docs/json and /yaml), served by
 * @fastify/swagger-ui from the OpenAPI document @fastify/swagger builds for `app`. The package and the YAML library
 * it brings load on the first visit, not at every start (about 40 ms of a 0.5 s start, issue 18): it runs in a
 * Fastify instance of its own, created then, and this server answers with what it answers. Its CSP for the page
 * replaces the app's, as it did when it was registered on the app.
 */
export function registerApiDocs(app: FastifyInstance, routePrefix: string) {
  let docs: Promise<FastifyInstance> | undefined;
  const docsServer = () => {
    docs ??= (async () => {
      const { default: swaggerUi } = await import('@fastify/swagger-ui');
      const server = Fastify({ logger: false });
      // What swagger-ui needs of @fastify/swagger (its declared dependency): the document, built from this app's
      // routes.
      const swagger = app.swagger.bind(app) as FastifyInstance['swagger'];
      await server.register(
        fp(async (s) => void s.decorate('swagger', swagger), { name: '@fastify/swagger' }),
      );
      await server.register(swaggerUi, { routePrefix, staticCSP: true });
      await server.ready();
      return server;
    })();
    docs.catch(() => {
      docs = undefined; // try again on the next visit
    });
    return docs;
  };
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const res = await (await docsServer()).inject({
      method: req.method as 'GET' | 'HEAD',
      url: req.url,
      headers: req.headers,
    });
    if (res.statusCode === 404) return reply.callNotFound(); // this server's 404, in its envelope
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    // An empty answer (the redirect to the page) goes out without a body, so without a content type either.
    return reply.code(res.statusCode).send(res.rawPayload.length ? res.rawPayload : undefined);
  };
  const hidden = { schema: { hide: true } };
  app.get(routePrefix, hidden, forward);
  app.get(`${routePrefix}/*`, hidden, forward);
}
