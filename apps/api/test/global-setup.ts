import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated, seeded template database each test file copies. */
    pgTemplate: string | null;
    /** PGlite: a dump of the migrated, seeded data directory each test file loads. */
    pgliteDump: string | null;
  }
}

/**
 * Migrates and seeds once per run; each test file then gets its own copy (CREATE DATABASE … TEMPLATE on
 * PostgreSQL, a loaded data-directory dump on PGlite), so files run in parallel without sharing rows.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `haat_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openDatabase({ url: u.toString() });
    await db.migrate();
    await seedDemo(db.owner);
    await db.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteDump', null);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const db = await openDatabase({});
  await db.migrate();
  await seedDemo(db.owner);
  if (!db.pglite) throw new Error('expected PGlite');
  const dump = await db.pglite.dumpDataDir('none');
  const file = join(tmpdir(), `haat-pglite-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
}
