import { errorEnvelope } from '@haat/contracts';
import { z } from 'zod';

/** The failure replies most routes can give, for their response schemas. */
export const errorReplies = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
/** Store-scoped calls name the shop in store-origin (a slug); on a shop's own host it may be left out. */
export const storeOriginHeaders = z.object({ 'store-origin': z.string().max(100).optional() });
/** A row id in the path; anything that is not one of the shop's ids answers 404, never 400. */
export const idParam = z.object({ id: z.string().max(100) });
