import fc from 'fast-check';
import { z } from 'zod';

/*
 * fast-check arbitraries built from a route's zod schemas: the schema is turned into JSON Schema (zod 4's
 * z.toJSONSchema, input side, so transforms and coercions are described by what they accept) and walked; every
 * value may also be swapped for a hostile one (NUL, lone surrogates, a 1 MB string, huge and negative numbers,
 * HTML and SQL fragments, the wrong type).
 */

type Json = { [k: string]: unknown };

const MB = 'x'.repeat(1 << 20);

/** Strings an attacker would try in any text slot. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '%00',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  '1; select pg_sleep(5)',
  '../../../../etc/passwd',
  `\${7*7}{{7*7}}`,
  '\r\nBcc: x@example.com',
  ' ',
  '',
  'नमस्ते 😀',
  '9'.repeat(40),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'x'.repeat(10_000),
];
/** Numbers that break naive arithmetic, integer columns and money. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  -999_999_999,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  0.1 + 0.2,
  1e-9,
  123.456789,
];

/** A hostile value of any type; `big` adds the 1 MB string (bodies only: URLs have their own limits). */
export const hostile = (big: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS, ...(big ? [MB] : [])),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"polluted":1}}'), {
      constructor: { prototype: { polluted: 1 } },
    }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );

/**
 * The JSON Schema of a zod schema's input or output; null when the schema is absent or cannot be described. The
 * output side carries what a pipe checks after a transform (a coupon code's pattern after upper-casing, say).
 */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output' = 'input'): Json | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' }) as Json;
  } catch {
    return null;
  }
}

interface Ctx {
  root: Json;
  ids: string[];
  /** Bodies may hold the 1 MB string; query and path values do not. */
  big: boolean;
  depth: number;
}

const resolve = (s: Json, ctx: Ctx): Json => {
  const ref = s.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return s;
  let node: unknown = ctx.root;
  for (const part of ref.slice(2).split('/')) node = (node as Json | undefined)?.[part];
  return (node as Json) ?? {};
};

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function stringArb(s: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  const min = num(s.minLength, 0);
  const max = Math.max(min, Math.min(num(s.maxLength, 40), 60));
  if (s.format === 'uuid' || (typeof s.pattern === 'string' && s.pattern.includes('[0-9a-fA-F]{8}')))
    return ctx.ids.length ? fc.oneof(fc.constantFrom(...ctx.ids), fc.uuid()) : fc.uuid();
  if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('shopper@example.in'));
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (typeof s.pattern === 'string') {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((x) => x.length <= 200);
    } catch {
      // a pattern JavaScript cannot compile: any text
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    ctx.ids.length ? fc.constantFrom(...ctx.ids) : fc.uuid(),
  );
}

function numberArb(s: Json, integer: boolean): fc.Arbitrary<unknown> {
  const lo = Math.max(num(s.minimum, num(s.exclusiveMinimum, -1e6)), -1e9);
  const hi = Math.min(num(s.maximum, num(s.exclusiveMaximum, 1e6)), 1e9);
  if (integer) return fc.integer({ min: Math.ceil(Math.min(lo, hi)), max: Math.floor(Math.max(lo, hi)) });
  return fc.double({ min: Math.min(lo, hi), max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
}

function objectArb(s: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const inner = { ...ctx, depth: ctx.depth + 1 };
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) shape[k] = valueArb(v, inner);
  const required = (Array.isArray(s.required) ? s.required : []).filter((k): k is string => k in shape);
  const record = fc.record(shape, { requiredKeys: required });
  // Now and then a key the schema does not know (strict objects refuse it).
  return fc.oneof(
    { weight: 5, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc.tuple(record, hostile(false)).map(([r, v]) => ({ ...(r as Json), zz_extra: v })),
    },
  );
}

/** What the schema accepts (as far as JSON Schema says), each value sometimes swapped for a hostile one. */
export function valueArb(schemaIn: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validArb(schemaIn, ctx) },
    { weight: 1, arbitrary: hostile(ctx.big) },
  );
}

function validArb(schemaIn: Json, ctx: Ctx): fc.Arbitrary<unknown> {
  const s = resolve(schemaIn, ctx);
  if (ctx.depth > 5) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (Array.isArray(union) && union.length) return fc.oneof(...union.map((u) => validArb(u, ctx)));
  if (Array.isArray(s.allOf) && s.allOf.length) return validArb(s.allOf[0] as Json, ctx);
  const types = [s.type].flat().filter(Boolean) as string[];
  const arbs = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object':
        return objectArb(s, ctx);
      case 'array': {
        const items = (s.items ?? {}) as Json;
        const minLength = num(s.minItems, 0);
        const maxLength = Math.max(minLength, Math.min(num(s.maxItems, 4), 4));
        return fc.array(valueArb(items, { ...ctx, depth: ctx.depth + 1 }), { minLength, maxLength });
      }
      case 'string':
        return stringArb(s, ctx);
      case 'integer':
        return numberArb(s, true);
      case 'number':
        return numberArb(s, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return hostile(false);
    }
  });
  if (!arbs.length)
    return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbs);
}

/** An arbitrary for a whole schema (a body, a querystring object, path parameters). */
export function schemaArb(schema: unknown, ids: string[], big: boolean): fc.Arbitrary<unknown> | null {
  const arbs = (['input', 'output'] as const)
    .map((io) => jsonSchemaOf(schema, io))
    .filter((root): root is Json => !!root)
    .map((root) => valueArb(root, { root, ids, big, depth: 0 }));
  if (!arbs.length) return null;
  return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbs);
}

/**
 * Percent-encoding that also carries lone surrogates, as the WTF-8 bytes a client can send (`%ED%A0%80`), where
 * encodeURIComponent throws and URLSearchParams silently swaps them for U+FFFD.
 */
export function encodeAny(value: string): string {
  let out = '';
  for (const ch of value) {
    const cu = ch.charCodeAt(0);
    if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query string from a generated object: arrays repeat the key, objects go as JSON, null as an empty value. */
export function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Json)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      const text = item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encodeAny(k)}=${encodeAny(text)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
