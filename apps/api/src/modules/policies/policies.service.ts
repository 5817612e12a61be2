import { POLICY_KINDS, POLICY_TITLES, type PolicyKind, type ShopPolicy } from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/auth.ts';

import type { StoreRow } from '../stores/index.ts';
import * as repo from './policies.repository.ts';
import { type PolicyFacts, policyTemplate } from './templates.ts';

type Saved = Awaited<ReturnType<typeof repo.findPolicy>>;

/** The shop's facts a template is filled with (read in the shop's context). */
async function factsOf(tx: Tx, store: StoreRow): Promise<PolicyFacts> {
  return {
    shop: store.storeName,
    phone: store.phoneNumber,
    place: [store.city, store.state].filter(Boolean).join(', ') || null,
    returnDays: await repo.returnDays(tx),
    platform: 'Haat',
  };
}

const shown = (kind: PolicyKind, saved: Saved, facts: PolicyFacts): ShopPolicy => ({
  kind,
  title: POLICY_TITLES[kind],
  body: saved?.body ?? policyTemplate(kind, facts),
  is_template: !saved,
  updated_at: saved ? saved.updatedAt.toISOString() : null,
});

/** One policy page as shoppers read it: the shop's own text, or the template filled with its facts. */
export async function getPolicy(deps: Deps, store: StoreRow, kind: PolicyKind) {
  return withStore(deps.db, store.id, async (tx) =>
    shown(kind, await repo.findPolicy(tx, kind), await factsOf(tx, store)),
  );
}

/** Every policy page of the shop, in the order Settings lists them. */
export async function listPolicies(deps: Deps, store: StoreRow) {
  return withStore(deps.db, store.id, async (tx) => {
    const [rows, facts] = await Promise.all([repo.listPolicies(tx), factsOf(tx, store)]);
    return POLICY_KINDS.map((k) => shown(k, rows.find((r) => r.kind === k) ?? null, facts));
  });
}

const actorOf = (a: Actor) => ({ userId: a.userId });

/** Saves the vendor's own text of a policy, recorded in the audit trail. */
export async function savePolicy({ deps, actor, store }: ShopContext, kind: PolicyKind, body: string) {
  return withStore(deps.db, store.id, async (tx) => {
    const before = await repo.findPolicy(tx, kind);
    const row = await repo.upsertPolicy(tx, store.id, kind, body);
    if (before?.body !== body) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: 'SETTINGS',
        entityId: `policy:${kind}`,
        action: 'UPDATE',
        summary: `Changed the ${POLICY_TITLES[kind]}`,
        before: { body: before?.body ?? null },
        after: { body },
      });
    }
    return shown(kind, row, await factsOf(tx, store));
  });
}

/** Goes back to the platform's template for a policy (the shop's text is removed), recorded if there was one. */
export async function resetPolicy(deps: Deps, actor: Actor, store: StoreRow, kind: PolicyKind) {
  return withStore(deps.db, store.id, async (tx) => {
    const removed = await repo.deletePolicy(tx, kind);
    if (removed) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: 'SETTINGS',
        entityId: `policy:${kind}`,
        action: 'UPDATE',
        summary: `Reset the ${POLICY_TITLES[kind]} to the template`,
        before: { body: removed.body },
        after: { body: null },
      });
    }
    return shown(kind, null, await factsOf(tx, store));
  });
}
