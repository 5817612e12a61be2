import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client.ts';

/**
 * Applies every migration of the folder's journal that the database has not recorded, in the journal's order, in one
 * transaction under an advisory lock (two processes starting at once apply each migration once).
 *
 * Drizzle's own migrator applies only migrations newer than the last one recorded, so a migration that lands on main
 * after a newer one (0059 to 0063 landed after 0064) was silently skipped by every database migrated in between. Here
 * a migration is known by its journal time (`created_at` in drizzle.__drizzle_migrations, as drizzle records it), so a
 * late one is applied too. The table is drizzle's, so databases migrated before keep their history.
 */
/** Resolves to the tags of the migrations it applied. */
export async function applyMigrations(owner: Db, migrationsFolder: string): Promise<string[]> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tags = journal.entries.map((e) => e.tag);
  return owner.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('haat:migrations', 0))`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
    const result = await tx.execute(sql`select created_at from drizzle.__drizzle_migrations`);
    // PGlite answers { rows }, postgres-js an array (context.ts's rowsOf, not imported: context imports client).
    const recorded = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      created_at: string | number;
    }[];
    const applied = new Set(recorded.map((r) => Number(r.created_at)));
    const done: string[] = [];
    for (const [i, migration] of migrations.entries()) {
      if (applied.has(migration.folderMillis)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${migration.hash}, ${migration.folderMillis})`);
      done.push(tags[i] ?? String(migration.folderMillis));
    }
    return done;
  });
}
