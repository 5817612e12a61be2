import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';
import { stores, users } from '../schema/platform.ts';
import { storeMembers } from '../schema/staff.ts';
import { registerMovements, registerSessions } from '../schema/whole-shop.ts';

/*
 * A demo shop's last three days at the counter (issue 38): each day a register opened at nine with its float by the
 * shop's cashier (the owner where there is none) and closed in the evening with the cash counted. The day's cash
 * counter sales, cash refunds and cash khata payments are put in its drawer, a little cash goes in and out with a
 * reason, and the count is right one day, short another and over the third, so the history shows each kind of
 * difference. None is left open. Deterministic (the days before `now`, fixed amounts) and written once: a shop
 * with any register is left alone.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IST = 5.5 * HOUR;

interface DemoDay {
  /** Days before today (India time). */
  back: number;
  openAt: number;
  closeAt: number;
  floatPaise: number;
  moves: { kind: 'IN' | 'OUT'; amountPaise: number; reason: string; at: number }[];
  /** Counted − expected. */
  differencePaise: number;
  note: string | null;
}

const DAYS: DemoDay[] = [
  {
    back: 3,
    openAt: 9 * HOUR + 5 * 60_000,
    closeAt: 20 * HOUR + 40 * 60_000,
    floatPaise: 200_000,
    moves: [{ kind: 'OUT', amountPaise: 15_000, reason: 'Tea and snacks for the staff', at: 16 * HOUR }],
    differencePaise: 0,
    note: null,
  },
  {
    back: 2,
    openAt: 9 * HOUR + 12 * 60_000,
    closeAt: 21 * HOUR + 5 * 60_000,
    floatPaise: 200_000,
    moves: [
      { kind: 'IN', amountPaise: 50_000, reason: 'Change from the bank', at: 11 * HOUR },
      { kind: 'OUT', amountPaise: 8_000, reason: 'Auto fare for a delivery', at: 15 * HOUR },
    ],
    differencePaise: -5_000,
    note: 'Short by ₹50: a ₹50 note missing, counted twice',
  },
  {
    back: 1,
    openAt: 8 * HOUR + 58 * 60_000,
    closeAt: 20 * HOUR + 55 * 60_000,
    floatPaise: 150_000,
    moves: [{ kind: 'OUT', amountPaise: 20_000, reason: 'Cleaning supplies', at: 13 * HOUR }],
    differencePaise: 2_000,
    note: 'Over by ₹20: change not given back to a customer',
  },
];

/** The person who runs the demo shop's counter: its cashier, else its owner, with their name. */
async function counterPerson(db: Db, storeId: string) {
  const [cashier] = await withStore(db, storeId, (tx) =>
    tx
      .select({ id: storeMembers.userId })
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.role, 'CASHIER')))
      .orderBy(storeMembers.userId)
      .limit(1),
  );
  const [shop] = await db.select({ ownerId: stores.ownerId }).from(stores).where(eq(stores.id, storeId));
  const id = cashier?.id ?? shop?.ownerId;
  if (!id) return null;
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return { id, name: `${u?.first ?? ''} ${u?.last ?? ''}`.trim() || 'Counter staff' };
}

/** Cash that went through the counter between two instants (paise): sales, refunds, khata payments. */
async function cashBetween(tx: Tx, storeId: string, from: Date, to: Date) {
  const [r] = rowsOf<{ sales: number; refunds: number; khata: number }>(
    await tx.execute(sql`select
      (select coalesce(sum(total_paise), 0)::int from orders where store_id = ${storeId} and channel = 'POS'
        and payment_method = 'CASH' and register_session_id is null and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz) as sales,
      (select coalesce(sum(amount_paise), 0)::int from refunds where store_id = ${storeId} and method = 'CASH'
        and register_session_id is null and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz) as refunds,
      (select coalesce(sum(-amount_paise), 0)::int from khata_entries where store_id = ${storeId} and kind = 'PAYMENT'
        and method = 'CASH' and register_session_id is null and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz) as khata`),
  );
  return { sales: Number(r?.sales ?? 0), refunds: Number(r?.refunds ?? 0), khata: Number(r?.khata ?? 0) };
}

/** Puts the window's cash rows in the session's drawer. */
async function linkCash(tx: Tx, storeId: string, sessionId: string, from: Date, to: Date) {
  const window = sql`store_id = ${storeId} and register_session_id is null and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`;
  await tx.execute(
    sql`update orders set register_session_id = ${sessionId} where ${window} and channel = 'POS' and payment_method = 'CASH'`,
  );
  await tx.execute(
    sql`update refunds set register_session_id = ${sessionId} where ${window} and method = 'CASH'`,
  );
  await tx.execute(
    sql`update khata_entries set register_session_id = ${sessionId} where ${window} and kind = 'PAYMENT' and method = 'CASH'`,
  );
}

/** Writes the shop's three closed register days, once; returns how many sessions it wrote. */
export async function seedDemoRegisters(db: Db, storeId: string, now: Date): Promise<number> {
  const person = await counterPerson(db, storeId);
  if (!person) return 0;
  const local = new Date(now.getTime() + IST);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - IST;
  return withStore(db, storeId, async (tx) => {
    const [any] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from register_sessions where store_id = ${storeId}`),
    );
    if (Number(any?.n ?? 0) > 0) return 0;
    for (const d of DAYS) {
      const day = midnight - d.back * DAY;
      const [from, to] = [new Date(day + d.openAt), new Date(day + d.closeAt)];
      const cash = await cashBetween(tx, storeId, from, to);
      const inOut = d.moves.reduce((a, m) => a + (m.kind === 'IN' ? m.amountPaise : -m.amountPaise), 0);
      const expected = d.floatPaise + cash.sales - cash.refunds + cash.khata + inOut;
      const counted = Math.max(0, expected + d.differencePaise);
      const [s] = await tx
        .insert(registerSessions)
        .values({
          storeId,
          registerName: 'Counter 1',
          cashierId: person.id,
          cashierName: person.name,
          openedAt: from,
          openingFloatPaise: d.floatPaise,
          closedAt: to,
          closedBy: person.id,
          expectedPaise: expected,
          countedPaise: counted,
          differencePaise: counted - expected,
          closeNote: d.note,
        })
        .returning({ id: registerSessions.id });
      if (!s) continue;
      await linkCash(tx, storeId, s.id, from, to);
      await tx.insert(registerMovements).values(
        d.moves.map((m) => ({
          storeId,
          sessionId: s.id,
          kind: m.kind,
          amountPaise: m.amountPaise,
          reason: m.reason,
          createdBy: person.id,
          createdAt: new Date(day + m.at),
        })),
      );
    }
    return DAYS.length;
  });
}
