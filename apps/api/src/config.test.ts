import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('WEB_DIST', () => {
  it('takes a relative path from the working directory, as a shell user means it', () => {
    expect(loadConfig({ NODE_ENV: 'test', WEB_DIST: 'apps/web/dist-other' }).WEB_DIST).toBe(
      join(process.cwd(), 'apps/web/dist-other'),
    );
    expect(loadConfig({ NODE_ENV: 'test', WEB_DIST: '/srv/haat/web' }).WEB_DIST).toBe('/srv/haat/web');
    expect(loadConfig({ NODE_ENV: 'test' }).WEB_DIST).toBeUndefined();
  });

  it('refuses an empty path, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_DIST: '' })).toThrow(/WEB_DIST/);
  });
});

describe('DATABASE_URL and DATABASE_READ_URL', () => {
  it('take a primary and its standbys as one URL with several hosts', () => {
    const url = 'postgres://postgres@127.0.0.1:5432,127.0.0.1:5433/haat?target_session_attrs=read-write';
    const read = url.replace('read-write', 'prefer-standby');
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_READ_URL: read });
    expect(config.DATABASE_URL).toBe(url);
    expect(config.DATABASE_READ_URL).toBe(read);
    expect(config.DATABASE_READ_MAX_LAG_MS).toBe(5000);
  });

  it('refuse what is not a PostgreSQL URL, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'http://db/haat' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_READ_URL: 'postgres://u@h1:5432,/haat' })).toThrow(
      /DATABASE_READ_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_READ_MAX_LAG_MS: '-1' })).toThrow(
      /DATABASE_READ_MAX_LAG_MS/,
    );
  });
});
