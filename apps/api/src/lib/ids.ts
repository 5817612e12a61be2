import { isUuidText } from '@haat/db';

/** Row ids are UUIDs; anything else names no row (callers answer 404, as for another shop's id). */
export const isUuid = isUuidText;
