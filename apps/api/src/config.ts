import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parsePgUrl } from '@haat/db/pg-url';
import { z } from 'zod';
import { parseGatewayKey } from './lib/secret-box.ts';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY next to addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (the client is the socket's address); a number trusts that many
 * hops in front of the server; otherwise a comma-separated list of proxy addresses, CIDR ranges or the names
 * loopback, linklocal, uniquelocal. `true` (trust any X-Forwarded-For) is refused: anyone could pick their address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === 'off') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops < 1 || hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => {
      if (PROXY_RANGE_NAMES.has(e)) return false;
      const [addr, bits, ...rest] = e.split('/');
      if (rest.length || !addr || !isIP(addr)) return true;
      if (bits === undefined) return false;
      const max = isIP(addr) === 4 ? 32 : 128;
      return !/^\d+$/.test(bits) || Number(bits) > max;
    });
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `not an address, CIDR range, hop count or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A PostgreSQL URL, one host or several (`postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write`). */
const pgUrl = z.string().refine((v) => parsePgUrl(v) !== null, {
  message: 'must be a PostgreSQL URL: postgres://user@host:port[,host:port…]/database',
});

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * PostgreSQL URL of the schema owner. Unset: embedded PGlite under DATA_DIR. Several hosts with
   * `target_session_attrs=read-write` find the primary after a failover (docs/deploy.md).
   */
  DATABASE_URL: pgUrl.optional(),
  /** PostgreSQL URL the app connects with (role haat_app); defaults to DATABASE_URL with that user. */
  DATABASE_APP_URL: pgUrl.optional(),
  /**
   * A standby for the storefront's catalogue reads (e.g. the same hosts with `target_session_attrs=prefer-standby`),
   * as role haat_app (another user is replaced by it). Each read is checked against the primary's content version
   * of its shop, so a change is on the next page even on a standby behind it (decision 0026). Unset: reads on the
   * primary.
   */
  DATABASE_READ_URL: pgUrl.optional(),
  /** A standby further behind its primary than this (replay lag, ms) is not read from until it catches up. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DATA_DIR: z.string().default('./data/pglite'),
  /** Reverse geocoder for "use my location" (BigDataCloud-style: ?latitude=&longitude= → city,
   * principalSubdivision, countryName, postcode, locality). Unset: the vendor types the address. */
  GEOCODER_URL: z.string().url().optional(),
  /** DNS servers for checking custom domains ("1.1.1.1" or "127.0.0.1:5353", comma separated); unset: the system's. */
  DNS_RESOLVER: z.string().optional(),
  /** Where uploaded images are kept (re-encoded); served under /media/uploads/. */
  UPLOAD_DIR: z.string().default('./data/uploads'),
  /** The main domain: `www.` and bare give the marketing face, `admin.` the back office, `<slug>.` a shop. */
  PLATFORM_DOMAIN: z.string().default('localhost'),
  /** Seed the demo shops into an empty database at start (default: on for the embedded database). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** PostgreSQL: a statement of the app's is cancelled after this long; 0 turns the limit off. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How often the shop lists' mailer runs (ms): Notify Me on sales that started, back-in-stock alerts. */
  NOTIFIER_INTERVAL_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  /** How long a shop's public home bundle is reused (ms); 0 turns the cache off. */
  STOREFRONT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** SMTP server for outgoing mail (nodemailer URL, e.g. smtp://user:pass@host:587). Unset: mail is kept in the
   * outbox and shown on the dev mailbox page (/dev/mailbox) and in the log. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Haat <no-reply@haat.local>'),
  /** Secret for signing access tokens and peppering one-time codes. Required in production. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Rate limits on sign-in, sign-up and codes. Only load benchmarks turn them off. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * Sign-ins one address may try in 5 minutes (LOGIN_THROTTLE). An office or a browser-test run signing many
   * people in from one address raises it; the per-account limits stay as they are.
   */
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Sign-ups one address may make in an hour; a browser-test run signing many people up raises it. */
  SIGNUP_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Emailed codes one address may ask for in an hour (and three times as many tries of a code). */
  CODE_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Which reverse proxies may report the client's address in X-Forwarded-For (see trustProxy above). */
  TRUST_PROXY: trustProxy,
  /** Platform operator (role ADMIN) seeded at start when both are set. */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  /**
   * Path of the built web app; the server serves it and injects the resolved host into index.html. A relative path
   * is taken from the working directory (the static file server needs an absolute one).
   */
  WEB_DIST: z
    .string()
    .min(1)
    .transform((p) => resolve(p))
    .optional(),
  /**
   * Server rendering of a shop's home, listing and product page (decision 0017) from the web app's SSR build;
   * `off` serves every page to render in the browser. A render taking longer than SSR_TIMEOUT_MS is given up and
   * the page served that way.
   */
  SSR: z.enum(['on', 'off']).default('on'),
  SSR_TIMEOUT_MS: z.coerce.number().int().min(10).max(30_000).default(1500),
  /**
   * Rendered shop pages kept per shop content version (plugins/page-cache.ts, decision 0024); `off` renders every
   * page. PAGE_CACHE_MB bounds the memory (least recently used pages go first); a page is kept at most
   * PAGE_CACHE_MAX_AGE_MS even when nothing it shows changed. A shop renders at most PAGE_RENDERS_PER_SHOP pages at
   * once; more wait in a queue of PAGE_RENDER_QUEUE for up to PAGE_RENDER_WAIT_MS (or get the page last rendered).
   */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  PAGE_CACHE_MAX_AGE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  PAGE_RENDERS_PER_SHOP: z.coerce.number().int().min(1).max(64).default(2),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  PAGE_RENDER_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
  /**
   * A WhatsApp Business API provider's send endpoint and token (both or neither). Set: the back office's WhatsApp
   * buttons send through it (POST {to, text}, Bearer token); unset: they open wa.me links.
   */
  WHATSAPP_API_URL: z.string().url().optional(),
  WHATSAPP_API_TOKEN: z.string().min(1).optional(),
  /**
   * Payment gateways (issue 44). RAZORPAY_API_URL: Razorpay's API, or a server speaking it (tests). A shop's
   * gateway secrets are encrypted with GATEWAY_SECRET_KEY (32 bytes: 64 hex characters or base64); unset outside
   * production a fixed development key is used with a warning, and in production no gateway can be connected.
   * TEST_GATEWAY_PORT: where the development test gateway listens (never in production).
   */
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
  GATEWAY_SECRET_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseGatewayKey(v) !== null, {
      message: 'must be 32 bytes: 64 hexadecimal characters or base64 (openssl rand -hex 32)',
    }),
  TEST_GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(3999),
  /** How often the gateway's settlements are read and matched (gateway/recon.ts); a day by default. */
  GATEWAY_RECON_INTERVAL_MS: z.coerce.number().int().min(60_000).default(86_400_000),
});

export type Config = z.infer<typeof schema>;

/** Parses the environment once and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema
    .refine((c) => c.NODE_ENV !== 'production' || !!c.AUTH_SECRET, {
      path: ['AUTH_SECRET'],
      message: 'required in production (at least 32 characters)',
    })
    .refine((c) => !c.WHATSAPP_API_URL === !c.WHATSAPP_API_TOKEN, {
      path: ['WHATSAPP_API_TOKEN'],
      message: 'set WHATSAPP_API_URL and WHATSAPP_API_TOKEN together, or neither',
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}
