import { type Database, openDatabase } from '../client.ts';

/** Opens the database the seed commands work on: DATABASE_URL, else PGlite under DATA_DIR (./data/pglite). */
export async function openSeedDatabase(): Promise<{ database: Database; where: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const u = new URL(url);
    return { database: await openDatabase({ url }), where: `PostgreSQL ${u.host}${u.pathname}` };
  }
  const dataDir = process.env.DATA_DIR ?? './data/pglite';
  return { database: await openDatabase({ dataDir }), where: `PGlite ${dataDir}` };
}
