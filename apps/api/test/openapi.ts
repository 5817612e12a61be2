import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestApp } from './harness.ts';

/*
 * The served OpenAPI document (GET /api/docs/json) and a strict JSON Schema validator for the schemas in it, shared
 * by the document's own test and the OpenAPI-driven fuzzer.
 */

export type Schema = Record<string, unknown>;
export interface MediaType {
  schema?: Schema;
}
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Every operation of the document, with its method (upper case) and path. */
export const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

export async function servedDocument(t: TestApp): Promise<OpenApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  return res.json();
}

/**
 * Ajv for OpenAPI 3.1 schemas (JSON Schema 2020-12) in strict mode: an unknown keyword, an unknown format or a
 * keyword that cannot apply is an error when a schema is compiled. Allowed beyond JSON Schema: the OpenAPI Schema
 * Object's own keywords, and type arrays (`['string', 'number']`), which 3.1 uses for unions.
 */
export function strictAjv(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  for (const keyword of ['example', 'xml', 'externalDocs', 'discriminator']) ajv.addKeyword(keyword);
  // `#/components/schemas/...` references resolve against the document.
  ajv.addSchema({ $id: 'openapi:doc', components: doc.components ?? {} });
  return ajv;
}

/** A schema of the document, with its `#/components` references pointed at the document. */
export const anchored = (schema: Schema): Schema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi:doc#/components/'));

/** Every schema in an operation (parameters, request bodies, responses), named by where it is. */
export function schemasOf(op: Operation): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const p of op.parameters ?? []) if (p.schema) out.push([`${p.in} parameter ${p.name}`, p.schema]);
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
    if (media.schema) out.push([`request body (${type})`, media.schema]);
  for (const [status, response] of Object.entries(op.responses))
    for (const [type, media] of Object.entries(response.content ?? {}))
      if (media.schema) out.push([`${status} answer (${type})`, media.schema]);
  return out;
}
