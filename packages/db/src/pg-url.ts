/**
 * PostgreSQL connection URLs, one host or several (`postgres://user@h1:5432,h2:5433/db?target_session_attrs=…`,
 * as libpq and postgres-js take them for a primary and its standbys). WHATWG `URL` refuses a host list, so these
 * are read and written here, once, for the server, the seed and the test scripts.
 */
export interface PgUrl {
  scheme: 'postgres' | 'postgresql';
  user: string;
  password: string;
  /** `host:port` or `host`, in the order given; empty for the driver's default. */
  hosts: string[];
  database: string;
  params: URLSearchParams;
}

const shape =
  /^(postgres|postgresql):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/?#]*)(?:\/([^?#]*))?(?:\?([^#]*))?$/;

/** Reads a PostgreSQL URL; null when it is not one (no scheme, no host, a host list with an empty entry). */
export function parsePgUrl(url: string): PgUrl | null {
  const m = shape.exec(url.trim());
  if (!m) return null;
  // No host at all: the driver's default (a local socket or localhost), as `postgres:///db`.
  const hosts = m[4] ? m[4].split(',') : [];
  if (hosts.some((h) => !/^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(:\d{1,5})?$/.test(h))) return null;
  try {
    return {
      scheme: m[1] as PgUrl['scheme'],
      user: decodeURIComponent(m[2] ?? ''),
      password: decodeURIComponent(m[3] ?? ''),
      hosts,
      database: decodeURIComponent(m[5] ?? ''),
      params: new URLSearchParams(m[6] ?? ''),
    };
  } catch {
    return null; // a malformed %-escape
  }
}

export function formatPgUrl(u: PgUrl): string {
  const auth = u.user
    ? `${encodeURIComponent(u.user)}${u.password ? `:${encodeURIComponent(u.password)}` : ''}@`
    : '';
  const query = u.params.toString();
  return `${u.scheme}://${auth}${u.hosts.join(',')}/${encodeURIComponent(u.database)}${query ? `?${query}` : ''}`;
}

function edit(url: string, change: (u: PgUrl) => void): string {
  const u = parsePgUrl(url);
  if (!u) throw new Error('Not a PostgreSQL URL');
  change(u);
  return formatPgUrl(u);
}

/** The same servers and database as another role (no password: the app role signs in as the server allows). */
export const pgUrlWithUser = (url: string, user: string) =>
  edit(url, (u) => {
    u.user = user;
    u.password = '';
  });

/** The same servers and role, another database. */
export const pgUrlWithDatabase = (url: string, database: string) =>
  edit(url, (u) => {
    u.database = database;
  });

/** The same URL with one query parameter set (e.g. `target_session_attrs`). */
export const pgUrlWithParam = (url: string, name: string, value: string) =>
  edit(url, (u) => {
    u.params.set(name, value);
  });

/** Where a URL points, for logs and messages, without its password: `h1:5432,h2:5433/db`. */
export function pgUrlPlace(url: string): string {
  const u = parsePgUrl(url);
  return u ? `${u.hosts.join(',')}/${u.database}` : '(not a PostgreSQL URL)';
}
