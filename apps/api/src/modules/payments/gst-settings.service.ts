import { type gstSettingsBody, stateCode } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import type { StoreRow } from '../stores/index.ts';
import { shopTaxProfile } from './payments.repository.ts';

const view = (p: { gstin: string | null; legalName: string | null; state: string }) => ({
  gstin: p.gstin,
  legal_name: p.legalName,
  state: p.state || null,
});

export const getGst = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) => view(await shopTaxProfile(tx)));

/** Sets the shop's GSTIN and legal name; a GSTIN must belong to the state of the shop's address. */
export const setGst = (deps: Deps, actor: Actor, store: StoreRow, v: z.output<typeof gstSettingsBody>) =>
  withStore(deps.db, store.id, async (tx) => {
    const before = await shopTaxProfile(tx);
    if (v.gstin && before.state && v.gstin.slice(0, 2) !== stateCode(before.state)) {
      const message = `This GSTIN is registered in another state; the shop's address is in ${before.state} (code ${stateCode(before.state)})`;
      throw badRequest(message, [{ path: 'gstin', message }]);
    }
    const values = { gstin: v.gstin || null, legalName: v.legal_name || null, updatedAt: new Date() };
    const updated = await tx
      .update(schema.storeSettings)
      .set(values)
      .where(eq(schema.storeSettings.storeId, store.id))
      .returning({ storeId: schema.storeSettings.storeId });
    if (!updated.length) await tx.insert(schema.storeSettings).values({ storeId: store.id, ...values });
    const diff = changedFields(
      { gstin: before.gstin, legal_name: before.legalName },
      { gstin: values.gstin, legal_name: values.legalName },
    );
    if (diff.changed.length) {
      await recordAudit(tx, store.id, actor, {
        entity: 'SETTINGS',
        action: 'GST',
        summary: values.gstin ? `GSTIN set to ${values.gstin}` : 'GSTIN removed',
        before: diff.before,
        after: diff.after,
      });
    }
    return view({ ...before, gstin: values.gstin, legalName: values.legalName });
  });
