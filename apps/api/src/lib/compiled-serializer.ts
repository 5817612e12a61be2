import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Replies of the hot storefront reads serialized by a compiled serializer (issue 18): fast-json-stringify built once
 * per route and status from the JSON Schema of the same zod schema OpenAPI shows, instead of a zod parse of every
 * reply. Filtering stays as strict: only the schema's properties are written (zod's objects are
 * `additionalProperties: false`), so a field the schema does not name never leaves. Outside production (tests,
 * development) every reply is also checked against the zod schema and must come out as zod's filtered JSON (the same
 * values; key order may differ), so a reply that would not match its schema still fails loudly where the tests run. A schema JSON Schema
 * cannot express falls back to the zod serializer.
 */
export const compiledSerializer =
  (verify: boolean) => (route: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
    // Built with the route's first reply, not when the server starts: compiling every route's serializer at
    // start-up was 0.15 s of the cold start (issue 18), most of it for routes a given process may never answer.
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= buildSerializer(verify, route);
      return serialize(data);
    };
  };

function buildSerializer(
  verify: boolean,
  route: { schema: unknown; method: string; url: string; httpStatus?: string },
): (data: unknown) => string {
  const viaZod = zodSerializerCompiler(route as never) as (data: unknown) => string;
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJson(
      z.toJSONSchema(route.schema as ZodType, {
        target: 'draft-7',
        io: 'output',
        unrepresentable: 'throw',
      }) as never,
    ) as (data: unknown) => string;
  } catch {
    return viaZod;
  }
  if (!verify) return stringify;
  return (data: unknown) => {
    const strict = viaZod(data); // throws when the reply does not match its schema
    const fast = stringify(data);
    if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(strict)))
      throw new Error(`${route.method} ${route.url}: the compiled serializer wrote ${fast}, zod ${strict}`);
    return fast;
  };
}
