import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** Lone UTF-16 surrogates: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL character or a lone surrogate: PostgreSQL cannot store either in text, and no person types them. */
export const hasForbiddenCharacter = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

const MAX_DEPTH = 32;

/** The dotted path of the first string (value or key) with a forbidden character, or null. */
function findForbidden(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbidden(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    if (hasForbiddenCharacter(key)) return [...path, '(a key)'];
    const found = findForbidden(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The one place that refuses NUL characters and lone surrogates in anything the API accepts: path parameters,
 * query and body (JSON or form), before any route's validation runs. 400 naming the field, never a 500 from the
 * database.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const parts = [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const;
    for (const [where, value] of parts) {
      const found = findForbidden(value, []);
      if (!found) continue;
      const field = found.join('.') || where;
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `Invalid ${where}: ${field} contains a character that is not allowed`,
        {
          issues: [
            { path: field, message: 'Contains a character that is not allowed (NUL or a lone surrogate)' },
          ],
        },
      );
    }
  });
}
