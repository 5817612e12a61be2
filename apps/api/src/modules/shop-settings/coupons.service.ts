import {
  type AdminCoupon,
  type CouponState,
  type couponFormBody,
  paiseToRupees,
  rupeesToPaise,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pgError } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { describeCoupon } from '../cart/index.ts';
import type { StoreRow } from '../stores/index.ts';
import * as repo from './shop-settings.repository.ts';

type CouponInput = z.output<typeof couponFormBody>;

/** Where a coupon stands now: a finished one (expired, used up) says so before it says paused. */
export function couponState(c: repo.CouponRow, now = Date.now()): CouponState {
  if (c.expiresAt && c.expiresAt.getTime() <= now) return 'EXPIRED';
  if (c.usageLimit != null && c.usedCount >= c.usageLimit) return 'USED_UP';
  if (!c.active) return 'PAUSED';
  if (c.startsAt.getTime() > now) return 'SCHEDULED';
  return 'ACTIVE';
}

export function toAdminCoupon(c: repo.CouponRow, now = Date.now()): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.kind === 'PERCENT' ? c.value : paiseToRupees(c.value),
    max_discount: c.maxDiscountPaise == null ? null : paiseToRupees(c.maxDiscountPaise),
    min_order: paiseToRupees(c.minOrderPaise),
    starts_at: c.startsAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    usage_limit: c.usageLimit,
    used_count: c.usedCount,
    active: c.active,
    state: couponState(c, now),
    description: describeCoupon(c),
    created_at: c.createdAt.toISOString(),
  };
}

/** The fields a vendor edits, as the audit trail keeps them. */
const snapshot = (c: AdminCoupon) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  max_discount: c.max_discount,
  min_order: c.min_order,
  starts_at: c.starts_at,
  expires_at: c.expires_at,
  usage_limit: c.usage_limit,
  active: c.active,
});

const valuesOf = (b: CouponInput, startsAt: Date): repo.CouponValues => ({
  code: b.code,
  kind: b.kind,
  value: b.kind === 'PERCENT' ? b.value : rupeesToPaise(b.value),
  maxDiscountPaise: b.kind === 'PERCENT' && b.max_discount != null ? rupeesToPaise(b.max_discount) : null,
  minOrderPaise: rupeesToPaise(b.min_order),
  startsAt,
  expiresAt: b.expires_at ? new Date(b.expires_at) : null,
  usageLimit: b.usage_limit,
  active: b.active,
});

const duplicate = (code: string) =>
  new AppError(409, 'CONFLICT', `You already have a coupon ${code}`, {
    reason: 'COUPON_CODE_TAKEN',
    issues: [{ path: 'code', message: `You already have a coupon ${code}` }],
  });

const isUniqueViolation = (err: unknown) => pgError(err)?.code === '23505';

const actorOf = (a: Actor) => ({ userId: a.userId });

async function requireCoupon(tx: Tx, id: string, lock = false) {
  const row = isUuid(id) ? await repo.findCoupon(tx, id, lock) : null;
  if (!row) throw notFound('Coupon not found');
  return row;
}

/** The shop's coupons, newest first, with uses so far and where each stands. */
export const listCoupons = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) => {
    const now = Date.now();
    return (await repo.listCoupons(tx)).map((c) => toAdminCoupon(c, now));
  });

/** Adds a coupon; a code the shop already has is refused with 409 naming the field. */
export async function createCoupon(deps: Deps, actor: Actor, store: StoreRow, b: CouponInput) {
  const coupon = await withStore(deps.db, store.id, async (tx) => {
    const row = await repo.insertCoupon(
      tx,
      store.id,
      valuesOf(b, b.starts_at ? new Date(b.starts_at) : new Date()),
    );
    if (!row) throw duplicate(b.code);
    const view = toAdminCoupon(row);
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'COUPON',
      entityId: row.id,
      action: 'CREATE',
      summary: `Added coupon ${row.code} (${view.description})`,
      after: snapshot(view),
    });
    return view;
  });
  forgetStorefront(deps, store);
  return coupon;
}

/** Changes a coupon; its usage limit cannot go below the uses it already has. */
export async function updateCoupon({ deps, actor, store }: ShopContext, id: string, b: CouponInput) {
  let coupon: AdminCoupon;
  try {
    coupon = await withStore(deps.db, store.id, async (tx) => {
      const before = await requireCoupon(tx, id, true);
      if (b.usage_limit != null && b.usage_limit < before.usedCount) {
        const message = `Already used ${before.usedCount} times: the limit cannot be lower`;
        throw badRequest(message, [{ path: 'usage_limit', message }]);
      }
      const startsAt = b.starts_at ? new Date(b.starts_at) : before.startsAt;
      if (b.expires_at && new Date(b.expires_at) <= startsAt) {
        throw badRequest('End must be after the start', [
          { path: 'expires_at', message: 'End must be after the start' },
        ]);
      }
      if (await repo.codeTaken(tx, b.code, id)) throw duplicate(b.code);
      const row = await repo.updateCoupon(tx, id, valuesOf(b, startsAt));
      if (!row) throw notFound('Coupon not found');
      const view = toAdminCoupon(row);
      const diff = changedFields(snapshot(toAdminCoupon(before)), snapshot(view));
      if (diff.changed.length) {
        await recordAudit(tx, store.id, actorOf(actor), {
          entity: 'COUPON',
          entityId: row.id,
          action: 'UPDATE',
          summary: `Edited coupon ${row.code}: ${diff.changed.join(', ')}`,
          before: diff.before,
          after: diff.after,
        });
      }
      return view;
    });
  } catch (err) {
    // Two edits racing to the same code: the unique index refuses the second.
    if (isUniqueViolation(err)) throw duplicate(b.code);
    throw err;
  }
  forgetStorefront(deps, store);
  return coupon;
}

/** Deletes a coupon: carts that applied it drop it; orders keep the code they were placed with. */
export async function deleteCoupon(deps: Deps, actor: Actor, store: StoreRow, id: string) {
  const removed = await withStore(deps.db, store.id, async (tx) => {
    await requireCoupon(tx, id);
    const row = await repo.deleteCoupon(tx, id);
    if (!row) throw notFound('Coupon not found');
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'COUPON',
      entityId: row.id,
      action: 'DELETE',
      summary: `Deleted coupon ${row.code}${row.usedCount ? ` (used ${row.usedCount} times)` : ''}`,
      before: snapshot(toAdminCoupon(row)),
    });
    return { id: row.id };
  });
  forgetStorefront(deps, store);
  return removed;
}
