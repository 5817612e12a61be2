import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createGeneratorSync } from 'json-schema-faker';
import { anchored, type OpenApiDocument, type Operation } from './openapi.ts';

/*
 * Requests for one OpenAPI operation, built from the schemas the served document declares: valid ones generated
 * with json-schema-faker, and invalid ones that break one constraint of one field at a time (wrong type, below the
 * minimum, above the maximum, too long, too short, a required field missing, not one of the enum, a bad format or
 * pattern, one item too many). Date and date-like fields also get dates at the calendar's edges. Every request is
 * then classified by the declared schemas themselves (Ajv): one they refuse is an invalid request, which the
 * server must refuse with a 4xx. The invalid ones are made in openapi-fuzz-broken.ts.
 */

/** Dates at the calendar's edges, and impossible ones. */
export const EDGE_DATES = [
  '0001-01-01',
  '0000-02-29',
  '0000-01-01',
  '9999-12-31',
  '2026-02-29', // not a leap year
  '2026-02-30',
  '2024-02-29', // a leap year: a real date
  '2000-01-01',
  '2100-12-31',
];
export const EDGE_MONTHS = ['0001-01', '0000-02', '9999-12', '2026-13', '2026-00'];

export interface FuzzRequest {
  /** What was generated or broken, for the report. */
  label: string;
  /** The declared schemas refuse it: the server must answer 4xx. */
  invalid: boolean;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  /** The request body's media type, when there is a body. */
  bodyType?: string;
}

export interface FuzzContext {
  doc: OpenApiDocument;
  /** Ids of every kind (both shops, and none), for uuid fields. */
  ids: string[];
  /** A value for a path parameter that reaches the call's work (an id of the caller's shop), if any. */
  pathValue: (path: string, name: string, pick: (values: string[]) => string) => string | undefined;
  /** A value for a named field (store_id: the caller's shop), if any. */
  fieldValue: (name: string) => string | undefined;
  seed: number;
}

export type Json = Record<string, unknown>;

/** A small seeded PRNG (mulberry32): the same seed gives the same requests. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
    shuffle: <T>(values: T[]): T[] => {
      const out = [...values];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}

export const hashOf = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

/** A field that holds a date or a month though its schema may not say so (`from`, `to`, `updated_from`, `month`). */
const DATE_NAME = /^(from|to|date|since|until)$|_(from|to|date|at|since|until)$/;
export const isDateLike = (name: string, s: Json) =>
  s.format === 'date' || s.format === 'date-time' || (typesOf(s).includes('string') && DATE_NAME.test(name));
export const isMonthLike = (name: string, s: Json) => typesOf(s).includes('string') && name === 'month';

export const typesOf = (s: Json): string[] =>
  [s.type].flat().filter((t): t is string => typeof t === 'string');

/** The schema a `$ref` points at in the document. */
export function deref(doc: OpenApiDocument, s: Json | undefined): Json {
  let node = s ?? {};
  for (let i = 0; i < 8 && typeof node.$ref === 'string'; i++) {
    let target: unknown = doc;
    for (const part of (node.$ref as string).replace(/^#\//, '').split('/'))
      target = (target as Json)?.[part];
    node = (target as Json) ?? {};
  }
  return node;
}

const paramsSchema = (op: Operation, where: 'path' | 'query'): Json => {
  const ps = (op.parameters ?? []).filter((p) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(ps.map((p) => [p.name, p.schema ?? {}])),
    required: ps.filter((p) => p.required || where === 'path').map((p) => p.name),
  };
};

/** The value a query string carries: every value is text; arrays repeat the key. */
export const onTheWire = (query: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => {
        const text = (x: unknown) =>
          x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x as string);
        return [k, Array.isArray(v) ? v.map(text) : text(v)];
      }),
  );

/**
 * Validators for an operation's input as the declared schemas see it: path and query values as the text they
 * travel as (coerced, as a server reading a query string does), the JSON body as it is.
 */
export function inputValidators(doc: OpenApiDocument) {
  const make = (coerce: boolean) => {
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, coerceTypes: coerce ? 'array' : false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi:doc', components: doc.components ?? {} });
    return ajv;
  };
  const params = make(true);
  const body = make(false);
  const cache = new Map<
    Operation,
    { path: ValidateFunction; query: ValidateFunction; body?: ValidateFunction }
  >();
  return (op: Operation, bodyType?: string) => {
    let v = cache.get(op);
    if (!v) {
      const bodySchema = bodyType ? op.requestBody?.content[bodyType]?.schema : undefined;
      v = {
        path: params.compile(anchored(paramsSchema(op, 'path'))),
        query: params.compile(anchored(paramsSchema(op, 'query'))),
        body: bodySchema ? body.compile(anchored(bodySchema)) : undefined,
      };
      cache.set(op, v);
    }
    const checks = v;
    return (r: FuzzRequest) =>
      checks.path(structuredClone(onTheWire(r.path))) &&
      checks.query(structuredClone(onTheWire(r.query))) &&
      (!checks.body || r.body === undefined || checks.body(r.body)) &&
      // A body the operation requires, not sent.
      !(op.requestBody?.required && r.body === undefined);
  };
}

/** A few valid requests: json-schema-faker over the declared schemas, with real ids and dates at the edges. */
export function validRequests(
  method: string,
  path: string,
  op: Operation,
  ctx: FuzzContext,
  count: number,
): FuzzRequest[] {
  const rnd = prng(ctx.seed ^ hashOf(`${method} ${path}`));
  const fieldAt = (pointer: string) => pointer.split('/').filter(Boolean).at(-1) ?? '';
  const gen = createGeneratorSync({
    seed: ctx.seed ^ hashOf(path),
    optionalsProbability: 0.6,
    maxDefaultItems: 3,
    maxLength: 40,
    formats: {
      uuid: () => rnd.pick(ctx.ids),
      date: () => (rnd.next() < 0.3 ? rnd.pick(EDGE_DATES) : '2026-11-15'),
      'date-time': () =>
        rnd.next() < 0.2
          ? `${rnd.pick(EDGE_DATES)}T00:00:00.000Z`
          : new Date(Date.now() + 86_400_000).toISOString(),
      email: () => `fuzz.${Math.floor(rnd.next() * 1e6)}@example.in`,
    },
    outputTransform: (value, schema, pointer) => {
      const name = fieldAt(pointer);
      const own = ctx.fieldValue(name);
      if (own && rnd.next() < 0.8) return own;
      if (typeof value !== 'string') return value;
      if (isMonthLike(name, schema as Json) && rnd.next() < 0.3) return rnd.pick(EDGE_MONTHS);
      if (isDateLike(name, schema as Json) && !(schema as Json).format && rnd.next() < 0.3)
        return rnd.pick(EDGE_DATES);
      return value;
    },
  });
  const bodyType = Object.keys(op.requestBody?.content ?? {})[0];
  const bodySchema = bodyType ? op.requestBody?.content[bodyType]?.schema : undefined;
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const generatedPath = gen.generate(paramsSchema(op, 'path') as never) as Json;
    const pathValues: Json = {};
    for (const [name, v] of Object.entries(generatedPath ?? {}))
      pathValues[name] = (rnd.next() < 0.8 ? ctx.pathValue(path, name, rnd.pick) : undefined) ?? v;
    const query = (gen.generate(paramsSchema(op, 'query') as never) ?? {}) as Json;
    const body = bodySchema ? gen.generate(deref(ctx.doc, bodySchema) as never) : undefined;
    out.push({
      label: `generated #${i + 1}`,
      invalid: false,
      path: pathValues,
      query,
      ...(bodySchema ? { body, bodyType } : {}),
    });
  }
  return out;
}
