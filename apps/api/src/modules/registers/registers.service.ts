import {
  type CloseRegisterBody,
  can,
  closeRegisterBody,
  DEFAULT_REGISTER_NAME,
  denominationTotalPaise,
  formatPaise,
  istDayStart,
  type OpenRegisterBody,
  openRegisterBody,
  paiseToRupees,
  type RegisterHistory,
  type RegisterMovementBody,
  type RegisterReport,
  type registerHistoryQuery,
  registerMovementBody,
  rupeesToPaise,
  type ShopRole,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-errors.ts';
import * as repo from './registers.repository.ts';
import { expectedPaise, figuresView, istTime, movementView, sessionView } from './registers-view.ts';

/*
 * The day at the counter (issue 38): open a register with its float, put cash in or take it out with a reason,
 * close it with the cash counted. The close locks the session (FOR UPDATE) and sums every row naming it, so a sale
 * committing meanwhile is either counted (the close waited for it) or refused (`lockOpenSessionOf`).
 */

type Role = ShopRole;
const seesEveryRegister = (role: Role) => can(role, 'register.history');

/** The register the person has open (null when none): what the counter's bar shows. */
export function currentRegister({ deps, actor, store }: ShopContext) {
  return withStore(deps.db, store.id, async (tx) => {
    const open = await repo.openSessionOf(tx, actor.userId);
    return open ? sessionView(open) : null;
  });
}

/** Opens a register with its float: one open session per person and per register name (409 naming who has it). */
export function openRegister(ctx: ShopContext, { body }: { body: OpenRegisterBody }) {
  const { deps, actor, store } = ctx;
  const v = openRegisterBody.parse(body);
  const name = v.register_name ?? DEFAULT_REGISTER_NAME;
  const floatPaise = rupeesToPaise(v.opening_float);
  return withStore(deps.db, store.id, async (tx) => {
    await refuseIfOpen(tx, actor.userId, name);
    const cashierName = await repo.personName(tx, actor.userId);
    const row = await repo.insertSession(tx, {
      storeId: store.id,
      registerName: name,
      cashierId: actor.userId,
      cashierName,
      openedAt: ctx.now(),
      openingFloatPaise: floatPaise,
    });
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId, name: cashierName },
      {
        entity: 'REGISTER',
        entityId: row.id,
        action: 'REGISTER_OPEN',
        summary: `${name} opened with a float of ${formatPaise(floatPaise)}`,
        after: { register_name: name, opening_float: v.opening_float },
      },
    );
    const opened = await repo.findSession(tx, row.id);
    if (!opened) throw new Error('the register just opened was not found');
    return sessionView(opened);
  }).catch(async (e) => {
    // Another open won the race between our check and our insert: say who has it, as the check would have.
    if (pgError(e)?.code === '23505')
      await withStore(deps.db, store.id, (tx) => refuseIfOpen(tx, actor.userId, name));
    throw e;
  });
}

async function refuseIfOpen(tx: Tx, userId: string, name: string) {
  const [open] = await repo.openBlocking(tx, userId, name);
  if (!open) return;
  const since = istTime(open.openedAt);
  const message =
    open.cashierId === userId
      ? `You already have ${open.registerName} open since ${since}. Close it before opening another.`
      : `${open.registerName} is already open by ${open.cashierName} since ${since}.`;
  throw new AppError(409, 'CONFLICT', message, {
    reason: 'REGISTER_OPEN',
    issues: open.cashierId === userId ? [] : [{ path: 'register_name', message }],
    details: { session_id: open.id, cashier_name: open.cashierName },
  });
}

/**
 * The session a person may work on: their own, or any for an owner or manager; locked FOR UPDATE so a close and
 * a movement take turns. Another person's session is not found for a cashier; a closed one is a 409.
 */
async function lockOwnOpen(tx: Tx, ctx: ShopContext, { id, role }: { id: string; role: Role }) {
  const s = await repo.lockSession(tx, id);
  if (!s || (s.cashierId !== ctx.actor.userId && !seesEveryRegister(role)))
    throw notFound('Register not found');
  if (s.closedAt) {
    const message = `${s.registerName} was already closed at ${istTime(s.closedAt)}${s.closedByName ? ` by ${s.closedByName}` : ''}.`;
    throw new AppError(409, 'CONFLICT', message, { reason: 'REGISTER_CLOSED' });
  }
  return s;
}

/** Cash put into or taken out of the drawer, with its reason. */
export function addMovement(
  ctx: ShopContext,
  { id, role, body }: { id: string; role: Role; body: RegisterMovementBody },
) {
  const { deps, actor, store } = ctx;
  const v = registerMovementBody.parse(body);
  const amountPaise = rupeesToPaise(v.amount);
  return withStore(deps.db, store.id, async (tx) => {
    const s = await lockOwnOpen(tx, ctx, { id, role });
    const m = await repo.insertMovement(tx, {
      storeId: store.id,
      sessionId: s.id,
      kind: v.kind,
      amountPaise,
      reason: v.reason,
      createdBy: actor.userId,
      createdAt: ctx.now(),
    });
    const what = v.kind === 'IN' ? 'Cash in' : 'Cash out';
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId, name: await repo.personName(tx, actor.userId) },
      {
        entity: 'REGISTER',
        entityId: s.id,
        action: v.kind === 'IN' ? 'CASH_IN' : 'CASH_OUT',
        summary: `${what} of ${formatPaise(amountPaise)} at ${s.registerName}: ${v.reason}`,
        after: { kind: v.kind, amount: v.amount, reason: v.reason },
      },
    );
    return movementView({ ...m, createdByName: null });
  });
}

/** Counted cash in paise: the denominations summed on the server, else the amount typed. */
const countedPaise = (v: z.output<typeof closeRegisterBody>) =>
  v.denominations ? denominationTotalPaise(v.denominations) : rupeesToPaise(v.counted_cash ?? 0);

/**
 * Closes a register: locks it, sums every row naming it into the expected cash, records expected, counted and
 * their difference together with the note, and answers the closing report. A second close is a 409.
 */
export function closeRegister(
  ctx: ShopContext,
  { id, role, body }: { id: string; role: Role; body: CloseRegisterBody },
) {
  const { deps, actor, store } = ctx;
  const v = closeRegisterBody.parse(body);
  const counted = countedPaise(v);
  return withStore(deps.db, store.id, async (tx) => {
    const s = await lockOwnOpen(tx, ctx, { id, role });
    const sums = await repo.drawerSums(tx, s.id);
    const expected = expectedPaise(s.openingFloatPaise, sums);
    await repo.closeSession(tx, s.id, {
      closedBy: actor.userId,
      expectedPaise: expected,
      countedPaise: counted,
      note: v.note || null,
      at: ctx.now(),
    });
    const diff = counted - expected;
    const said =
      diff === 0 ? 'no difference' : `${diff > 0 ? 'over' : 'short'} by ${formatPaise(Math.abs(diff))}`;
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId, name: await repo.personName(tx, actor.userId) },
      {
        entity: 'REGISTER',
        entityId: s.id,
        action: 'REGISTER_CLOSE',
        summary: `${s.registerName} closed: expected ${formatPaise(expected)}, counted ${formatPaise(counted)} (${said})`,
        after: {
          expected: paiseToRupees(expected),
          counted: paiseToRupees(counted),
          denominations: v.denominations ?? null,
          note: v.note,
        },
      },
    );
    return reportIn(tx, ctx, { id: s.id, role });
  });
}

/** The closing report (while open: the drawer so far, its figures only for owners and managers: blind count). */
export function registerReport(ctx: ShopContext, { id, role }: { id: string; role: Role }) {
  return withStore(ctx.deps.db, ctx.store.id, (tx) => reportIn(tx, ctx, { id, role }));
}

async function reportIn(
  tx: Tx,
  ctx: ShopContext,
  { id, role }: { id: string; role: Role },
): Promise<RegisterReport> {
  const s = await repo.findSession(tx, id);
  if (!s || (s.cashierId !== ctx.actor.userId && !seesEveryRegister(role)))
    throw notFound('Register not found');
  const showFigures = !!s.closedAt || seesEveryRegister(role);
  const [sums, movements] = await Promise.all([
    showFigures ? repo.drawerSums(tx, s.id) : null,
    repo.movementsOf(tx, s.id),
  ]);
  return {
    shop_name: ctx.store.storeName,
    session: sessionView(s),
    figures: sums ? figuresView(s.openingFloatPaise, sums) : null,
    movements: movements.map(movementView),
  };
}

type HistoryQuery = z.output<typeof registerHistoryQuery>;

/** Registers' history, newest first: a cashier sees their own, owners and managers every register. */
export function registerHistory(
  { deps, actor, store }: ShopContext,
  { query, role }: { query: HistoryQuery; role: Role },
): Promise<RegisterHistory> {
  const filter: repo.HistoryFilter = {
    cashierId: seesEveryRegister(role) ? query.cashier_id : actor.userId,
    from: query.from ? istDayStart(query.from) : undefined,
    to: query.to ? new Date(istDayStart(query.to).getTime() + 86_400_000) : undefined,
  };
  const page = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  return withStore(deps.db, store.id, async (tx) => {
    const [{ rows, total }, days, people] = await Promise.all([
      repo.historyPage(tx, filter, page),
      repo.historyDays(tx, filter),
      seesEveryRegister(role) ? repo.cashiers(tx) : [],
    ]);
    return {
      sessions: rows.map(sessionView),
      days: days.map((d) => ({
        date: d.date,
        cashier_name: d.cashierName,
        sessions: d.sessions,
        expected: paiseToRupees(d.expectedPaise),
        counted: paiseToRupees(d.countedPaise),
        difference: paiseToRupees(d.differencePaise),
      })),
      cashiers: people.flatMap((p) => (p.id ? [{ id: p.id, name: p.name }] : [])),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  });
}
