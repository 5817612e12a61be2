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
 * server must refuse with a 4xx.
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
const EDGE_MONTHS = ['0001-01', '0000-02', '9999-12', '2026-13', '2026-00'];

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

type Json = Record<string, unknown>;

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
const isMonthLike = (name: string, s: Json) => typesOf(s).includes('string') && name === 'month';

const typesOf = (s: Json): string[] => [s.type].flat().filter((t): t is string => typeof t === 'string');

/** The schema a `$ref` points at in the document. */
function deref(doc: OpenApiDocument, s: Json | undefined): Json {
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

interface Mutation {
  label: string;
  /** Where: the container and the path inside it. */
  at: ['path' | 'query' | 'body', ...(string | number)[]];
  /** The new value; `undefined` with `remove` deletes the field. */
  value?: unknown;
  remove?: boolean;
  /** A date at the calendar's edge: always tried. */
  date?: boolean;
}

/** Values that break one constraint of a field's schema, each with its label. */
function brokenValues(
  doc: OpenApiDocument,
  schemaIn: Json,
  current: unknown,
  name: string,
  inUrl: boolean,
): { label: string; value: unknown; date?: boolean }[] {
  const s = deref(doc, schemaIn);
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types[0];
  const out: { label: string; value: unknown; date?: boolean }[] = [];
  if (isDateLike(name, s))
    for (const d of EDGE_DATES)
      out.push({
        label: `date ${d}`,
        value: s.format === 'date-time' ? `${d}T00:00:00.000Z` : d,
        date: true,
      });
  if (isMonthLike(name, s))
    for (const m of EDGE_MONTHS) out.push({ label: `month ${m}`, value: m, date: true });
  if (Array.isArray(s.enum)) out.push({ label: 'not one of the enum', value: 'NOT_AN_OPTION' });
  switch (type) {
    case 'string': {
      if (!inUrl) out.push({ label: 'wrong type (a number)', value: 12345 });
      if (typeof s.maxLength === 'number' && s.maxLength < 200_000)
        out.push({ label: `too long (${s.maxLength + 1})`, value: 'x'.repeat(s.maxLength + 1) });
      if (typeof s.minLength === 'number' && s.minLength > 0)
        out.push({ label: `too short (${s.minLength - 1})`, value: 'x'.repeat(s.minLength - 1) });
      const badFormat: Record<string, string> = {
        date: '2026-02-30',
        'date-time': '2026-02-30T10:00:00Z',
        uuid: 'not-a-uuid',
        email: 'not-an-email',
        uri: 'not a uri',
      };
      if (typeof s.format === 'string' && s.format in badFormat)
        out.push({ label: `bad ${s.format}`, value: badFormat[s.format] });
      if (typeof s.pattern === 'string') out.push({ label: 'not matching its pattern', value: '!\u0000!' });
      break;
    }
    case 'integer':
    case 'number': {
      out.push({ label: 'wrong type (text)', value: inUrl ? 'abc' : String(current ?? 1) });
      if (typeof s.minimum === 'number') out.push({ label: 'below minimum', value: s.minimum - 1 });
      if (typeof s.exclusiveMinimum === 'number')
        out.push({ label: 'at its exclusive minimum', value: s.exclusiveMinimum });
      if (typeof s.maximum === 'number') out.push({ label: 'above maximum', value: s.maximum + 1 });
      if (typeof s.exclusiveMaximum === 'number')
        out.push({ label: 'at its exclusive maximum', value: s.exclusiveMaximum });
      if (type === 'integer') out.push({ label: 'not an integer', value: 1.5 });
      if (s.minimum === undefined && s.exclusiveMinimum === undefined)
        out.push({ label: 'huge negative', value: -1e308 });
      if (s.maximum === undefined && s.exclusiveMaximum === undefined)
        out.push({ label: 'huge', value: 1e308 });
      break;
    }
    case 'boolean':
      out.push({ label: 'wrong type', value: inUrl ? 'maybe' : 'true' });
      break;
    case 'array': {
      if (!inUrl) out.push({ label: 'wrong type (text)', value: 'x' });
      const items = Array.isArray(current) ? current : [];
      if (typeof s.maxItems === 'number' && s.maxItems < 10_000 && items.length)
        out.push({
          label: `too many items (${s.maxItems + 1})`,
          value: Array.from({ length: s.maxItems + 1 }, (_, i) => items[i % items.length]),
        });
      if (typeof s.minItems === 'number' && s.minItems > 0) out.push({ label: 'too few items', value: [] });
      break;
    }
    case 'object':
      if (!inUrl) out.push({ label: 'wrong type (text)', value: 'x' });
      break;
  }
  return out;
}

/** Every single-constraint break of a request's fields (objects walked to depth 3, arrays through their first item). */
function mutationsOf(doc: OpenApiDocument, op: Operation, base: FuzzRequest): Mutation[] {
  const out: Mutation[] = [];
  for (const where of ['path', 'query'] as const) {
    for (const p of (op.parameters ?? []).filter((x) => x.in === where)) {
      for (const b of brokenValues(doc, p.schema ?? {}, base[where][p.name], p.name, true))
        out.push({
          label: `${where} ${p.name}: ${b.label}`,
          at: [where, p.name],
          value: b.value,
          date: b.date,
        });
      if (where === 'query' && p.required)
        out.push({ label: `query ${p.name}: missing`, at: [where, p.name], remove: true });
    }
  }
  const bodySchema = base.bodyType ? op.requestBody?.content[base.bodyType]?.schema : undefined;
  if (!bodySchema) return out;
  out.push({ label: 'body: missing', at: ['body'], remove: true });
  const walk = (schemaIn: Json, value: unknown, at: (string | number)[], depth: number) => {
    const s = deref(doc, schemaIn);
    const name = String(at.at(-1) ?? 'body');
    if (at.length)
      for (const b of brokenValues(doc, s, value, name, false))
        out.push({
          label: `body ${at.join('.')}: ${b.label}`,
          at: ['body', ...at],
          value: b.value,
          date: b.date,
        });
    if (depth >= 3) return;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const props = (s.properties ?? {}) as Record<string, Json>;
      for (const key of Array.isArray(s.required) ? (s.required as string[]) : [])
        if (key in (value as Json))
          out.push({
            label: `body ${[...at, key].join('.')}: missing`,
            at: ['body', ...at, key],
            remove: true,
          });
      if (s.additionalProperties === false)
        out.push({
          label: `body ${at.join('.') || '(root)'}: unknown field`,
          at: ['body', ...at, 'zz_unknown'],
          value: 1,
        });
      for (const [key, v] of Object.entries(value as Json))
        if (props[key]) walk(props[key] as Json, v, [...at, key], depth + 1);
    } else if (Array.isArray(value) && value.length && s.items && typeof s.items === 'object') {
      walk(s.items as Json, value[0], [...at, 0], depth + 1);
    }
  };
  walk(bodySchema, base.body, [], 0);
  return out;
}

function applied(base: FuzzRequest, m: Mutation): FuzzRequest {
  const r = structuredClone(base);
  const [where, ...rest] = m.at;
  r.label = `${m.date ? 'edge' : 'broken'}: ${m.label}`;
  r.invalid = true;
  if (where === 'body' && rest.length === 0) {
    if (m.remove) delete r.body;
    else r.body = m.value;
    return r;
  }
  let node = (where === 'body' ? r.body : r[where]) as Json;
  for (const key of rest.slice(0, -1)) node = (node as Json)[key as string] as Json;
  const last = rest.at(-1) as string;
  if (m.remove) delete node[last];
  else node[last] = m.value;
  return r;
}

/**
 * Invalid requests from a valid one: one broken constraint each, the ones the declared schemas really refuse. Dates
 * at the calendar's edges come first and are always tried (those the schemas accept are sent as valid requests); the
 * others are sampled, at most `limit`.
 */
export function brokenRequests(
  doc: OpenApiDocument,
  op: Operation,
  base: FuzzRequest,
  isValid: (r: FuzzRequest) => boolean,
  limit: number,
  seed: number,
): FuzzRequest[] {
  const all = mutationsOf(doc, op, base).map((m) => ({ m, r: applied(base, m) }));
  const dates = all.filter((x) => x.m.date).map(({ r }) => ({ ...r, invalid: !isValid(r) }));
  const others = prng(seed)
    .shuffle(all.filter((x) => !x.m.date && !isValid(x.r)))
    .slice(0, limit)
    .map((x) => x.r);
  return [...dates, ...others];
}
