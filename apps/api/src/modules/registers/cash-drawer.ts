import type { Tx } from '@haat/db';
import { conflict } from '../../lib/errors.ts';
import * as repo from './registers.repository.ts';
import { istTime } from './registers-view.ts';

/**
 * Holds the drawer a person's cash is about to go through (issue 38): the register they have open is locked FOR
 * SHARE until the caller commits, so a close of it waits and then counts this cash. When a close got there first
 * (the register was open as the statement began and closed while it waited), the cash would reach no count: 409,
 * and nothing is written. No register open: null (cash sales are still allowed, counted in no drawer).
 */
export async function holdCashDrawer(tx: Tx, storeId: string, userId: string) {
  const s = await repo.lockOpenSessionOf(tx, storeId, userId);
  if (!s) return null;
  if (s.closedAt) {
    throw conflict(
      `${s.registerName} was closed at ${istTime(s.closedAt)} while this was being recorded, so its cash was not taken. Open a register and try again.`,
      'REGISTER_CLOSED',
    );
  }
  return { id: s.id, registerName: s.registerName };
}
