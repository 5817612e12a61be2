import { whatsAppChatLink } from '@haat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** One message to one customer: `to` is 91 and the 10-digit number, as WhatsApp takes it. */
export interface OutgoingWhatsApp {
  to: string;
  text: string;
}

/** What sending did: a link the back office opens, or a message a provider accepted. */
export type WhatsAppDelivery =
  | { via: 'LINK'; link: string; providerId: null }
  | { via: 'API'; link: null; providerId: string | null };

/**
 * The one way the order code reaches WhatsApp. Without a provider, "sending" is building the wa.me link the
 * vendor's phone or browser opens (WhatsApp then sends it from the shop's own number); with one configured
 * (WHATSAPP_API_URL and WHATSAPP_API_TOKEN), the provider sends it.
 */
export interface WhatsAppSender {
  readonly via: 'LINK' | 'API';
  send(message: OutgoingWhatsApp): Promise<WhatsAppDelivery>;
}

/** The default: a wa.me link to the customer with the text typed in. */
export const linkSender: WhatsAppSender = {
  via: 'LINK',
  send: async (m) => ({ via: 'LINK', link: whatsAppChatLink(m.to, m.text), providerId: null }),
};

/** How long the provider has to answer before the send counts as failed. */
export const PROVIDER_TIMEOUT_MS = 10_000;

const providerFailed = (why: string) =>
  new AppError(
    502,
    'INTERNAL',
    `WhatsApp could not send the message: ${why}. Try again, or send it from WhatsApp yourself.`,
    { reason: 'WHATSAPP_PROVIDER_FAILED' },
  );

/** The message id a provider answered with, if its JSON has one (`id`, `message_id` or `messages[0].id`). */
function providerIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { id?: unknown; message_id?: unknown; messages?: { id?: unknown }[] };
  const id = b.id ?? b.message_id ?? (Array.isArray(b.messages) ? b.messages[0]?.id : undefined);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * A WhatsApp Business API provider: POST `{ to, text }` as JSON to its URL with the token as a Bearer
 * credential. A failure (no answer in time, a refused connection, a non-2xx answer) is logged with what the
 * provider said and reported as 502.
 */
export function providerSender(
  opts: { url: string; token: string; timeoutMs?: number },
  log: Pick<FastifyBaseLogger, 'warn'>,
): WhatsAppSender {
  const timeoutMs = opts.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  return {
    via: 'API',
    async send(m) {
      let res: Response;
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${opts.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        log.warn({ err, provider: opts.url }, 'WhatsApp provider unreachable');
        throw providerFailed(
          timedOut
            ? `the provider did not answer in ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}`
            : 'the provider could not be reached',
        );
      }
      const raw = await res.text().catch(() => '');
      if (!res.ok) {
        log.warn(
          { status: res.status, body: raw.slice(0, 500), provider: opts.url },
          'WhatsApp provider refused a message',
        );
        throw providerFailed(`the provider answered ${res.status}`);
      }
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      return { via: 'API', link: null, providerId: providerIdOf(body) };
    },
  };
}

/** The sender the configuration asks for: the provider when its URL and token are set, else links. */
export function whatsAppSender(
  config: Pick<Config, 'WHATSAPP_API_URL' | 'WHATSAPP_API_TOKEN'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): WhatsAppSender {
  return config.WHATSAPP_API_URL && config.WHATSAPP_API_TOKEN
    ? providerSender({ url: config.WHATSAPP_API_URL, token: config.WHATSAPP_API_TOKEN }, log)
    : linkSender;
}
