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
