import { envelope, errorEnvelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireActor } from '../../plugins/auth.ts';

const geocoderReply = z.object({
  city: z.string().optional(),
  locality: z.string().optional(),
  principalSubdivision: z.string().optional(),
  countryName: z.string().optional(),
  postcode: z.string().optional(),
});
const place = z.object({
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
});

const unavailable = (why: string) =>
  new AppError(503, 'INTERNAL', `We could not look up your address (${why}). Please type it in.`, {
    reason: 'GEOCODER_UNAVAILABLE',
  });

/** Asks the configured reverse geocoder where a point is; the browser never calls a third party itself. */
export async function reverseGeocode(deps: Deps, latitude: number, longitude: number) {
  if (!deps.config.GEOCODER_URL) throw unavailable('address lookup is not set up');
  const url = new URL(deps.config.GEOCODER_URL);
  url.searchParams.set('latitude', String(latitude));
  url.searchParams.set('longitude', String(longitude));
  url.searchParams.set('localityLanguage', 'en');
  let body: unknown;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(5000),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(String(res.status));
    body = await res.json();
  } catch {
    throw unavailable('the lookup service did not answer');
  }
  const g = geocoderReply.safeParse(body);
  if (!g.success) throw unavailable('the lookup service gave an unexpected answer');
  const pick = (v?: string) => (v?.trim() ? v.trim() : null);
  return {
    city: pick(g.data.city) ?? pick(g.data.locality),
    state: pick(g.data.principalSubdivision),
    country: pick(g.data.countryName),
    postal_code: pick(g.data.postcode),
  };
}

export const geocodeRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/geocode/reverse/', {
      schema: {
        tags: ['onboarding'],
        summary: 'Reverse-geocode a point for the address step (through GEOCODER_URL); 503 when unavailable',
        querystring: z.object({
          latitude: z.coerce.number().min(-90).max(90),
          longitude: z.coerce.number().min(-180).max(180),
        }),
        response: {
          200: envelope(place),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope, // a customer's token (found by the OpenAPI fuzzer: it was not declared)
          503: errorEnvelope,
        },
      },
      handler: async (req) => {
        await requireActor(deps, req, ['VENDOR', 'ADMIN']);
        return ok(await reverseGeocode(deps, req.query.latitude, req.query.longitude), 'Address found');
      },
    });
  };
