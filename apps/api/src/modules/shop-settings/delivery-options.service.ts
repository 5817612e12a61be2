import {
  type AdminDeliveryOption,
  type deliveryOptionBody,
  paiseToRupees,
  rupeesToPaise,
} from '@haat/contracts';
import { withStore } from '@haat/db';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { StoreRow } from '../stores/index.ts';
import * as repo from './shop-settings.repository.ts';

type OptionInput = z.output<typeof deliveryOptionBody>;

const LAST_ACTIVE =
  'A shop needs at least one active delivery option: add or turn on another one before removing this one';

export function toAdminOption(r: repo.DeliveryOptionRow): AdminDeliveryOption {
  return {
    id: r.id,
    name: r.name,
    estimated_time: r.estimatedTime,
    description: r.description,
    charge: paiseToRupees(r.chargePaise),
    free_above: r.freeAbovePaise == null ? null : paiseToRupees(r.freeAbovePaise),
    honours_free_shipping: r.honoursFreeShipping,
    is_recommended: r.isRecommended,
    min_days: r.minDays,
    max_days: r.maxDays,
    position: r.position,
    active: r.active,
    created_at: r.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of an option: the fields a vendor edits, in rupees. */
const snapshot = (o: AdminDeliveryOption) => {
  const { id: _id, created_at: _created, ...fields } = o;
  return fields;
};

const valuesOf = (b: OptionInput, position: number): repo.DeliveryOptionValues => ({
  name: b.name,
  estimatedTime: b.estimated_time,
  description: b.description,
  chargePaise: rupeesToPaise(b.charge),
  freeAbovePaise: b.free_above == null ? null : rupeesToPaise(b.free_above),
  honoursFreeShipping: b.honours_free_shipping,
  isRecommended: b.is_recommended,
  minDays: b.min_days,
  maxDays: b.max_days,
  position,
  active: b.active,
});

const actorOf = (a: Actor) => ({ userId: a.userId });
/** Names the options that lost the Recommended badge to this one. */
const instead = (names: string[]) => (names.length ? ` (recommended instead of ${names.join(', ')})` : '');

async function requireOption(tx: Parameters<typeof repo.findDeliveryOption>[0], id: string) {
  const row = isUuid(id) ? await repo.findDeliveryOption(tx, id) : null;
  if (!row) throw notFound('Delivery option not found');
  return row;
}

/** Every delivery option of the shop, inactive ones included, in checkout order. */
export const listOptions = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) => (await repo.listDeliveryOptions(tx)).map(toAdminOption));

/** Adds a delivery option (last in order unless a position is given). */
export async function createOption(deps: Deps, actor: Actor, store: StoreRow, b: OptionInput) {
  const option = await withStore(deps.db, store.id, async (tx) => {
    await repo.lockActiveOptions(tx);
    const unrecommended = b.is_recommended ? await repo.clearRecommended(tx) : [];
    const position = b.position ?? (await repo.nextOptionPosition(tx));
    const row = await repo.insertDeliveryOption(tx, store.id, valuesOf(b, position));
    if ((await repo.countActiveOptions(tx)) === 0) throw conflict(LAST_ACTIVE, 'LAST_DELIVERY_OPTION');
    const view = toAdminOption(row);
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'DELIVERY_OPTION',
      entityId: row.id,
      action: 'CREATE',
      summary: `Added delivery option ${row.name}${instead(unrecommended)}`,
      after: snapshot(view),
    });
    return view;
  });
  forgetStorefront(deps, store);
  return option;
}

/** Changes a delivery option; turning off the last active one is refused. */
export async function updateOption({ deps, actor, store }: ShopContext, id: string, b: OptionInput) {
  const option = await withStore(deps.db, store.id, async (tx) => {
    await repo.lockActiveOptions(tx);
    const before = await requireOption(tx, id);
    const unrecommended = b.is_recommended ? await repo.clearRecommended(tx, id) : [];
    const row = await repo.updateDeliveryOption(tx, id, valuesOf(b, b.position ?? before.position));
    if (!row) throw notFound('Delivery option not found');
    if ((await repo.countActiveOptions(tx)) === 0) throw conflict(LAST_ACTIVE, 'LAST_DELIVERY_OPTION');
    const view = toAdminOption(row);
    const diff = changedFields(snapshot(toAdminOption(before)), snapshot(view));
    if (diff.changed.length) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: 'DELIVERY_OPTION',
        entityId: row.id,
        action: 'UPDATE',
        summary: `Edited delivery option ${row.name}: ${diff.changed.join(', ')}${instead(unrecommended)}`,
        before: diff.before,
        after: diff.after,
      });
    }
    return view;
  });
  forgetStorefront(deps, store);
  return option;
}

/** Deletes a delivery option (orders keep their own copy of what they were sent with); never the last active one. */
export async function deleteOption(deps: Deps, actor: Actor, store: StoreRow, id: string) {
  const removed = await withStore(deps.db, store.id, async (tx) => {
    await repo.lockActiveOptions(tx);
    await requireOption(tx, id);
    const row = await repo.deleteDeliveryOption(tx, id);
    if (!row) throw notFound('Delivery option not found');
    if ((await repo.countActiveOptions(tx)) === 0) throw conflict(LAST_ACTIVE, 'LAST_DELIVERY_OPTION');
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'DELIVERY_OPTION',
      entityId: row.id,
      action: 'DELETE',
      summary: `Deleted delivery option ${row.name}`,
      before: snapshot(toAdminOption(row)),
    });
    return { id: row.id };
  });
  forgetStorefront(deps, store);
  return removed;
}
