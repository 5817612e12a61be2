import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type Db, openDatabase } from '@haat/db';
import { demoShopsExist, seedDemo, seedDemoGateway } from '@haat/db/seed';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { keepDemoCurrent } from './demo-upkeep.ts';
import { startCacheBus } from './lib/cache-bus.ts';
import { exitOnUncaught } from './lib/fatal.ts';
import { warmPdf } from './lib/pdf.ts';

import { ensureOperator, setDemoVendorPasswords } from './modules/accounts/index.ts';
import { startCodExpiry } from './modules/cod/index.ts';
import { startSaleNotifier } from './modules/engagement/index.ts';
import { sealer, startGatewayRecon, startOnlinePaymentExpiry } from './modules/gateway/index.ts';
import { startMailWorker } from './modules/mail/index.ts';
import { startMarketplaceRefresher } from './modules/stores/index.ts';

/** Starts the product: database (PGlite unless DATABASE_URL), migrations, demo seed, HTTP server. */
async function main() {
  const config = loadConfig();
  const { database, embedded, dataDir, demoExists } = await prepareDatabase(config);
  const db = await database.app();
  // Several processes on one PostgreSQL hear each other's cache forgetting (issue 16).
  const cacheBus = await startCacheBus(database);
  const app = await buildApp({
    db,
    config,
    authSecret: authSecretFor(config, embedded ? dataDir : null),
    cacheBus,
  });
  const jobs = startJobs(db, config, app);
  const upkeep: { demo: Promise<unknown> } = { demo: Promise.resolve() };
  handleShutdown(app, async () => {
    await upkeep.demo;
    await jobs.notifier.stop();
    await jobs.marketplace.stop();
    await jobs.codExpiry.stop();
    await jobs.onlineExpiry.stop();
    await jobs.gatewayRecon.stop();
    await jobs.mail.stop();
    await cacheBus?.stop();
    await database.close();
  });
  await listenOnFreePort(app, config);
  // The server's entry saves the compiled code of this start for the next one (scripts/server-loader.mjs).
  (process as NodeJS.EventEmitter).emit('haat:started');
  process.send?.({ haat: 'listening' });
  // One worker keeps the demo current (the first; every worker runs the other jobs, which share their work).
  const firstWorker = (process.env.HAAT_WORKER ?? '1') === '1';
  if (demoExists && firstWorker) upkeep.demo = keepDemoCurrent(database.owner, app.log);
  // The printouts' libraries load once the server answers, so neither the start nor the first invoice waits.
  setTimeout(
    () => void warmPdf().catch((err) => app.log.warn({ err }, 'loading the PDF libraries failed')),
    500,
  ).unref();
  printWhereRunning(app, config, { embedded, dataDir, firstWorker });
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** Opens the database, migrates it, seeds the demo shops when asked and makes sure the operator exists. */
async function prepareDatabase(config: Config) {
  const embedded = !config.DATABASE_URL;
  const dataDir = resolve(config.DATA_DIR);
  if (embedded) mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    appUrl: config.DATABASE_APP_URL,
    dataDir,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    readUrl: config.DATABASE_READ_URL,
    readMaxLagMs: config.DATABASE_READ_MAX_LAG_MS,
  });
  await database.migrate();
  const seed = config.SEED_DEMO ? config.SEED_DEMO === 'true' : embedded;
  // A first start creates the demo shops before it serves. Later starts serve at once and bring the demo up to
  // date (deal windows, the day's visits) right after: the same seed, which then creates nothing (issue 18).
  const demoExists = seed && (await demoShopsExist(database.owner));
  if (seed && !demoExists) await seedDemo(database.owner);
  // In development one demo shop takes online payments through the test gateway, its secrets sealed (issue 44).
  const box = seed && config.NODE_ENV !== 'production' ? sealer({ config }) : null;
  if (box) await seedDemoGateway(database.owner, { seal: box.seal });
  if (seed) await setDemoVendorPasswords(database.owner);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD)
    await ensureOperator(database.owner, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  return { database, embedded, dataDir, demoExists };
}

/** The background jobs every worker runs: mail, sale reminders, marketplace prices, COD expiry. */
function startJobs(db: Db, config: Config, app: App) {
  const mail = startMailWorker({ db, config, log: app.log });
  // Sale reminders and back-in-stock alerts link to the shop at the address and port this process actually serves.
  const notifier = startSaleNotifier(
    { db, config, log: app.log, origin: () => publicOrigin(config, app) },
    { intervalMs: config.NOTIFIER_INTERVAL_MS },
  );
  // Marketplace prices that a deal's start or end moved (decision 0011).
  const marketplace = startMarketplaceRefresher({ db, log: app.log });
  // Unconfirmed cash-on-delivery orders past their time cancel themselves (issue 19).
  const codExpiry = startCodExpiry({ db, log: app.log });
  // Orders to be paid online and never paid cancel themselves, their stock back (issue 44).
  const onlineExpiry = startOnlinePaymentExpiry({ db, log: app.log });
  // The gateway's settlements matched to payments, mismatches listed for the merchant (issue 44).
  const gatewayRecon = startGatewayRecon({ db, config, log: app.log });
  return { mail, notifier, marketplace, codExpiry, onlineExpiry, gatewayRecon };
}

/**
 * Stops once, on SIGINT, SIGTERM or the supervisor gone: the app closes (draining requests), then `stopRest`,
 * then exit 0; exit 1 if that takes over 10 s. What nobody caught also drains and exits.
 */
function handleShutdown(app: App, stopRest: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await stopRest();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Under the supervisor (supervisor.ts): a supervisor that is gone cannot restart us; stop as on SIGTERM.
  process.on('disconnect', () => void shutdown('supervisor gone'));
  // What nobody caught: logged with its request, the requests in flight drained, exit for a fresh worker.
  exitOnUncaught(app.log, () => app.close());
}

/** Listens on PORT; when PORT was not given, on the next free of the ten after it, else any free port. */
async function listenOnFreePort(app: App, config: Config) {
  const explicitPort = process.env.PORT !== undefined;
  const candidates = explicitPort
    ? [config.PORT]
    : [config.PORT, ...Array.from({ length: 10 }, (_, i) => config.PORT + 1 + i), 0];
  for (const port of candidates) {
    try {
      await app.listen({ port, host: config.HOST });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === candidates.at(-1)) throw err;
    }
  }
}

/** The first worker prints where the product runs, on which database, and how long the start took. */
function printWhereRunning(
  app: App,
  config: Config,
  { embedded, dataDir, firstWorker }: { embedded: boolean; dataDir: string; firstWorker: boolean },
) {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const ms = Math.round(performance.now()); // since the process started, loading the code included
  const where = embedded ? `embedded PGlite at ${dataDir}` : 'PostgreSQL';
  const code = (globalThis as Record<symbol, unknown>)[Symbol.for('haat.code-cache')];
  const how = code === 'loaded' ? ', code from the last start' : '';
  if (!firstWorker) return;
  console.log(`\nHaat is running at http://localhost:${port}/  (${where}, ready in ${ms} ms${how})`);
  console.log(
    `  a shop:      http://<shop-slug>.localhost:${port}/  or  http://localhost:${port}/store/<shop-slug>`,
  );
  console.log(
    `  back office: http://admin.localhost:${port}/    API docs: http://localhost:${port}/api/docs\n`,
  );
}

/** How shoppers reach this process: https behind the production proxy, else http on the port it listens on. */
function publicOrigin(config: Config, app: { server: { address(): unknown } }) {
  if (config.NODE_ENV === 'production') return { protocol: 'https', port: null };
  const address = app.server.address();
  const port =
    typeof address === 'object' && address && 'port' in address ? Number(address.port) : config.PORT;
  return { protocol: 'http', port };
}

/**
 * AUTH_SECRET when set (required in production). Otherwise the embedded database keeps a generated secret next
 * to its data, so sessions survive restarts; a server database without one gets a per-process secret.
 */
function authSecretFor(config: Config, dataDir: string | null): Uint8Array {
  if (config.AUTH_SECRET) return new TextEncoder().encode(config.AUTH_SECRET);
  if (!dataDir) {
    console.warn('AUTH_SECRET is not set: sessions end when this process restarts.');
    return randomBytes(32);
  }
  const file = join(dirname(dataDir), 'auth-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
