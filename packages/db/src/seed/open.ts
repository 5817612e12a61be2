import { type Database, openDatabase } from '../client.ts';
import { pgUrlPlace } from '../pg-url.ts';

/** Opens the database the seed commands work on: DATABASE_URL, else PGlite under DATA_DIR (./data/pglite). */
export async function openSeedDatabase(): Promise<{ database: Database; where: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    return { database: await openDatabase({ url }), where: `PostgreSQL ${pgUrlPlace(url)}` };
  }
  const dataDir = process.env.DATA_DIR ?? './data/pglite';
  return { database: await openDatabase({ dataDir }), where: `PGlite ${dataDir}` };
}
