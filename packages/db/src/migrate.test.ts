import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { applyMigrations } from './migrate.ts';

/*
 * Migrations are applied by what the database has recorded, not by "newer than the last one": a migration that lands
 * on main after a newer one (0059 to 0063 landed after 0064) is applied on the next start, once, and two processes
 * starting at once apply each migration once. On PostgreSQL (a database made for the test) when DATABASE_URL is set,
 * otherwise on PGlite.
 */

type Entry = { idx: number; tag: string; when: number; body: string };

function writeFolder(dir: string, entries: Entry[]) {
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const journal = {
    version: '7',
    dialect: 'postgresql',
    entries: entries.map((e) => ({ idx: e.idx, version: '7', when: e.when, tag: e.tag, breakpoints: true })),
  };
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of entries) writeFileSync(join(dir, `${e.tag}.sql`), e.body);
}

const table = (name: string) =>
  `create table ${name} (id int primary key);\n--> statement-breakpoint\ninsert into ${name} values (1);`;
const one: Entry = { idx: 0, tag: '0000_one', when: 1_000, body: table('m_one') };
const two: Entry = { idx: 1, tag: '0001_two', when: 2_000, body: table('m_two') };
const three: Entry = { idx: 2, tag: '0002_three', when: 3_000, body: table('m_three') };

const url = process.env.DATABASE_URL;
const dbName = `h_migrate_${process.pid}`;
let admin: postgres.Sql | undefined;
const opened: Database[] = [];
let folder: string;

async function open(): Promise<Database> {
  const target = url ? new URL(url) : undefined;
  if (target) target.pathname = `/${dbName}`;
  const db = await openDatabase(target ? { url: target.toString(), poolSize: 1 } : {});
  opened.push(db);
  return db;
}

async function tables(db: Database): Promise<string[]> {
  const result = await db.owner.execute(
    sql`select tablename from pg_tables where tablename like 'm\_%' order by tablename`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    tablename: string;
  }[];
  return rows.map((r) => r.tablename);
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'haat-migrate-'));
  if (url) {
    admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName}`);
    await admin.unsafe(`create database ${dbName}`);
  }
});

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName}`);
    await admin.end();
  }
  rmSync(folder, { recursive: true, force: true });
});

describe('applyMigrations', () => {
  it('applies a migration that landed after a newer one, once', async () => {
    const db = await open();
    writeFolder(folder, [one, three]);
    expect(await applyMigrations(db.owner, folder)).toEqual(['0000_one', '0002_three']);
    // 0001 lands on main after 0002 was applied here: the next start applies it (drizzle's migrator skipped it).
    writeFolder(folder, [one, two, three]);
    expect(await applyMigrations(db.owner, folder)).toEqual(['0001_two']);
    expect(await tables(db)).toEqual(['m_one', 'm_three', 'm_two']);
    expect(await applyMigrations(db.owner, folder)).toEqual([]);
  });

  // PGlite is one connection in one process: the race needs PostgreSQL.
  if (url)
    it('two processes starting at once apply each migration once', async () => {
      const [a, b] = [await open(), await open()];
      const four: Entry = { idx: 3, tag: '0003_four', when: 4_000, body: table('m_four') };
      writeFolder(folder, [one, two, three, four]);
      const both = await Promise.all([applyMigrations(a.owner, folder), applyMigrations(b.owner, folder)]);
      expect(both.flat()).toEqual(['0003_four']);
      expect(await tables(a)).toEqual(['m_four', 'm_one', 'm_three', 'm_two']);
    });
});
