import { errorEnvelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance a route plugin registers on (zod schemas): what a plugin's named registration steps take. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The failure replies most routes can give, for their response schemas. */
export const errorReplies = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
/**
 * The replies of a call that answers a file: the 200 in OpenAPI with its real content type (the failures stay
 * JSON envelopes). The body (a string, a Buffer or a stream) goes out as the handler sends it, unchecked.
 */
export const fileReplies = (type: 'text/csv' | 'application/pdf', description: string) => ({
  200: {
    description,
    content: { [type]: { schema: z.any().meta({ type: 'string', contentMediaType: type }) } },
  },
  ...errorReplies,
});
/** Store-scoped calls name the shop in store-origin (a slug); on a shop's own host it may be left out. */
export const storeOriginHeaders = z.object({ 'store-origin': z.string().max(100).optional() });
/** An id in a path or query: not one is a 400 naming the field (issue 16); a well-formed id not of this shop is 404. */
export const idField = (field: string) => z.uuid({ error: `${field} must be a valid id` });
/** A row id in the path. */
export const idParam = z.object({ id: idField('id') });
