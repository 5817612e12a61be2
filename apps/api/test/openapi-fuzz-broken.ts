import type { OpenApiDocument, Operation } from './openapi.ts';
import {
  deref,
  EDGE_DATES,
  EDGE_MONTHS,
  type FuzzRequest,
  isDateLike,
  isMonthLike,
  type Json,
  prng,
  typesOf,
} from './openapi-fuzz-cases.ts';

/*
 * Invalid requests for one OpenAPI operation: from a valid one, each breaks one constraint of one field (wrong type,
 * below the minimum, above the maximum, too long, too short, a required field missing, not one of the enum, a bad
 * format or pattern, one item too many), and date-like fields get dates at the calendar's edges.
 */

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
