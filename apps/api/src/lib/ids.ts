const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else names no row (callers answer 404, as for another shop's id). */
export const isUuid = (s: string) => UUID.test(s);
