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
/** An id in a path or query: not one is a 400 naming the field (issue 16); a well-formed id not of this shop is 404. */
export const idField = (field: string) => z.uuid({ error: `${field} must be a valid id` });
/** A row id in the path. */
export const idParam = z.object({ id: idField('id') });
