import { describe, expect, it } from 'vitest';
import { parsePgUrl, pgUrlPlace, pgUrlWithDatabase, pgUrlWithParam, pgUrlWithUser } from './pg-url.ts';

describe('PostgreSQL URLs with one host or several', () => {
  const multi = 'postgres://owner:s%40cret@10.0.0.1:5432,10.0.0.2:5433/haat?target_session_attrs=read-write';

  it('reads a host list, the role, its password and the parameters', () => {
    const u = parsePgUrl(multi);
    expect(u).toMatchObject({ user: 'owner', password: 's@cret', hosts: ['10.0.0.1:5432', '10.0.0.2:5433'] });
    expect(u?.database).toBe('haat');
    expect(u?.params.get('target_session_attrs')).toBe('read-write');
  });

  it('changes the role (dropping the password), the database or a parameter, keeping every host', () => {
    expect(pgUrlWithUser(multi, 'haat_app')).toBe(
      'postgres://haat_app@10.0.0.1:5432,10.0.0.2:5433/haat?target_session_attrs=read-write',
    );
    expect(pgUrlWithDatabase(multi, 'haat_t_1')).toBe(
      'postgres://owner:s%40cret@10.0.0.1:5432,10.0.0.2:5433/haat_t_1?target_session_attrs=read-write',
    );
    expect(pgUrlWithParam(multi, 'target_session_attrs', 'prefer-standby')).toContain(
      '?target_session_attrs=prefer-standby',
    );
    expect(pgUrlPlace(multi)).toBe('10.0.0.1:5432,10.0.0.2:5433/haat');
  });

  it('refuses what is not one: another scheme, an empty host in the list, a bad port', () => {
    for (const bad of [
      'mysql://root@localhost/db',
      'postgres://u@h1:5432,/db',
      'postgres://u@h1:port/db',
      'not a url',
    ])
      expect(parsePgUrl(bad), bad).toBeNull();
    expect(parsePgUrl('postgresql://localhost/db')?.hosts).toEqual(['localhost']);
    expect(parsePgUrl('postgres:///db')?.hosts).toEqual([]);
    expect(parsePgUrl('postgres://u@[::1]:5432/db')?.hosts).toEqual(['[::1]:5432']);
  });
});
