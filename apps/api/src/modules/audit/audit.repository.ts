import { AUDIT_COUNT_CAP, type AuditQuery } from '@haat/contracts';
import { rowsOf, type Tx } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';

/** An audit row as the trail reads it, with the person's current name. */
export interface AuditRow {
  id: string;
  created_at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const istDay = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();
const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters as one WHERE clause (the shop comes from row-level security). */
function whereOf(q: Omit<AuditQuery, 'limit' | 'offset'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.actor_id) parts.push(sql`a.actor_id = ${q.actor_id}`);
  if (q.entity) parts.push(sql`a.entity = ${q.entity}`);
  if (q.entity_id) parts.push(sql`a.entity_id = ${q.entity_id}`);
  if (q.action) parts.push(sql`a.action = ${q.action}`);
  if (q.from) parts.push(sql`a.created_at >= ${istDay(q.from)}::timestamptz`);
  if (q.to) parts.push(sql`a.created_at < ${istDay(q.to)}::timestamptz + interval '1 day'`);
  if (q.sign_ins === 'hide') parts.push(sql`a.entity <> 'SIGN_IN'`);
  if (q.unchanged === 'hide') {
    parts.push(sql`not (a.before is not null and a.after is not null and a.before::jsonb = a.after::jsonb)`);
  }
  if (q.search) {
    parts.push(sql`(lower(a.summary) like ${likePattern(q.search)} or a.entity_id = ${q.search})`);
  }
  return sql.join(parts, sql` and `);
}

const selectRows = sql`a.id, a.created_at, a.actor_id,
  coalesce(a.actor_name, nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as actor_name,
  a.entity, a.entity_id, a.action, a.summary, a.before, a.after`;

/** A page of the trail, newest first. */
export async function listEvents(tx: Tx, q: AuditQuery) {
  const r = await tx.execute(sql`
    select ${selectRows}
    from audit_events a left join users u on u.id = a.actor_id
    where ${whereOf(q)}
    order by a.created_at desc, a.id desc
    limit ${q.limit} offset ${q.offset}`);
  return rowsOf<AuditRow>(r);
}

/** How many rows match, counting at most AUDIT_COUNT_CAP + 1 (so a huge trail still answers at once). */
export async function countEvents(tx: Tx, q: AuditQuery) {
  const r = await tx.execute(sql`
    select count(*)::int as n from (
      select 1 from audit_events a where ${whereOf(q)} limit ${AUDIT_COUNT_CAP + 1}
    ) m`);
  return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
}

/** Every matching row for the CSV, newest first, up to `cap`. */
export async function exportEvents(tx: Tx, q: Omit<AuditQuery, 'limit' | 'offset'>, cap: number) {
  const r = await tx.execute(sql`
    select ${selectRows}
    from audit_events a left join users u on u.id = a.actor_id
    where ${whereOf(q)}
    order by a.created_at desc, a.id desc
    limit ${cap}`);
  return rowsOf<AuditRow>(r);
}

/**
 * The people in the shop's trail: a skip scan over (store_id, actor_id, …), one index probe per person, so it
 * stays quick however many rows each person has.
 */
export async function people(tx: Tx) {
  const r = await tx.execute(sql`
    with recursive p(id) as (
      (select actor_id from audit_events where actor_id is not null order by actor_id limit 1)
      union all
      select (select a.actor_id from audit_events a where a.actor_id > p.id order by a.actor_id limit 1)
      from p where p.id is not null
    )
    select p.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'Removed account') as name
    from p left join users u on u.id = p.id
    where p.id is not null
    order by 2`);
  return rowsOf<{ id: string; name: string }>(r);
}
