import {
  type CONTACT_TYPES,
  PAYMENT_METHODS,
  paiseToRupees,
  type ShopAddress,
  type ShopSettings,
  type shopAddressBody,
  type shopContactsBody,
  type shopSettingsBody,
  shopSettingsIssues,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import * as onboarding from '../onboarding/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as repo from './shop-settings.repository.ts';

type SettingsInput = z.output<typeof shopSettingsBody>;
type ContactsInput = z.output<typeof shopContactsBody>;
type AddressInput = z.output<typeof shopAddressBody>;
type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type ContactType = (typeof CONTACT_TYPES)[number];

const actorOf = (a: Actor) => ({ userId: a.userId });

/** What the settings row says, with the defaults a shop without one has (COD, secure-checkout note). */
function settingsValues(row: Awaited<ReturnType<typeof onboarding.findSettings>>) {
  const methods = (row?.paymentMethods ?? ['COD']).filter((m): m is PaymentMethod =>
    (PAYMENT_METHODS as readonly string[]).includes(m),
  );
  return {
    payment_methods: methods.length ? methods : (['COD'] as PaymentMethod[]),
    upi_id: row?.upiId ?? null,
    return_days: row?.returnDays ?? null,
    warranty_text: row?.warrantyText ?? null,
    secure_checkout_note: row?.secureCheckoutNote ?? true,
    free_returns_note: row?.freeReturnsNote ?? false,
  };
}

async function readSettings(tx: Tx, storeId: string): Promise<ShopSettings> {
  const row = await onboarding.findSettings(tx);
  const threshold = await repo.freeShippingThreshold(tx);
  return {
    ...settingsValues(row),
    price_display: await repo.priceDisplay(tx, storeId),
    free_shipping_above: threshold == null ? null : paiseToRupees(threshold),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** How the shop shows a price range; audited when it changes. */
async function savePriceDisplay(
  tx: Tx,
  actor: Actor,
  storeId: string,
  display: 'RANGE' | 'FROM' | undefined,
) {
  if (!display) return;
  const before = await repo.priceDisplay(tx, storeId);
  if (before === display) return;
  await onboarding.updateStore(tx, storeId, { priceDisplay: display });
  await recordAudit(tx, storeId, actorOf(actor), {
    entity: 'SETTINGS',
    entityId: 'price-display',
    action: 'UPDATE',
    summary: `Prices of products with variants now show ${display === 'FROM' ? 'the lowest price' : 'the range'}`,
    before: { price_display: before },
    after: { price_display: display },
  });
}

/** Payments and policies as checkout and product pages read them. */
export const getSettings = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, (tx) => readSettings(tx, store.id));

/** Saves payments and policies; fields left out keep their values, and the result is checked as a whole. */
export async function saveSettings(deps: Deps, actor: Actor, store: StoreRow, b: SettingsInput) {
  const saved = await withStore(deps.db, store.id, async (tx) => {
    const before = settingsValues(await onboarding.findSettings(tx));
    const next = { ...before };
    for (const key of Object.keys(next) as (keyof typeof next)[]) {
      if (b[key] !== undefined) Object.assign(next, { [key]: b[key] });
    }
    // Turning UPI off forgets the id (as the launch step does), so a stale one never reaches shoppers.
    if (!next.payment_methods.includes('UPI')) next.upi_id = null;
    const issues = shopSettingsIssues(next);
    if (issues.length) throw badRequest(issues[0]?.message ?? 'Invalid settings', issues);
    await onboarding.upsertSettings(tx, {
      storeId: store.id,
      paymentMethods: next.payment_methods,
      upiId: next.upi_id,
      returnDays: next.return_days,
      warrantyText: next.warranty_text,
      secureCheckoutNote: next.secure_checkout_note,
      freeReturnsNote: next.free_returns_note,
    });
    const diff = changedFields(before, next);
    if (diff.changed.length) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: 'SETTINGS',
        entityId: 'payments-policies',
        action: 'UPDATE',
        summary: `Changed payments and policies: ${diff.changed.join(', ')}`,
        before: diff.before,
        after: diff.after,
      });
    }
    await savePriceDisplay(tx, actor, store.id, b.price_display);
    return readSettings(tx, store.id);
  });
  forgetStorefront(deps, store);
  return saved;
}

async function readContacts(tx: Tx) {
  const rows = await onboarding.listContacts(tx);
  return {
    contacts: rows.map((r) => ({ contact_type: r.contactType as ContactType, phone_number: r.phoneNumber })),
  };
}

/** The shop's phone numbers by kind (Primary, WhatsApp, Support, Orders). */
export const getContacts = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, (tx) => readContacts(tx));

/** Replaces the shop's phone numbers; the Primary one is also the directory's phone for the shop. */
export async function saveContacts(deps: Deps, actor: Actor, store: StoreRow, b: ContactsInput) {
  const saved = await withStore(deps.db, store.id, async (tx) => {
    const before = await readContacts(tx);
    await onboarding.replaceContacts(tx, store.id, b.contacts);
    const primary = b.contacts.find((c) => c.contact_type === 'Primary') ?? b.contacts[0];
    if (primary)
      await onboarding.updateStore(tx, store.id, {
        phoneNumber: primary.phone_number,
        contactType: 'Primary',
      });
    const after = await readContacts(tx);
    const diff = changedFields(before, after);
    if (diff.changed.length) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: 'SETTINGS',
        entityId: 'contacts',
        action: 'UPDATE',
        summary: 'Changed contact phone numbers',
        before: diff.before,
        after: diff.after,
      });
    }
    return after;
  });
  forgetStorefront(deps, store);
  return saved;
}

async function readAddress(tx: Tx): Promise<ShopAddress> {
  const row = await onboarding.findLocation(tx);
  return {
    address_line_1: row?.addressLine1 ?? null,
    address_line_2: row?.addressLine2 ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    postal_code: row?.postalCode ?? null,
    country: row?.country ?? 'India',
  };
}

/** The shop's address (empty fields when the wizard's address step was skipped). */
export const getAddress = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, (tx) => readAddress(tx));

/** Saves the shop's address; city and state are copied to the directory row for the marketplace. */
export async function saveAddress(deps: Deps, actor: Actor, store: StoreRow, b: AddressInput) {
  const saved = await withStore(deps.db, store.id, async (tx) => {
    const location = await onboarding.findLocation(tx);
    const before = await readAddress(tx);
    const next: ShopAddress = {
      address_line_1: b.address_line_1,
      address_line_2: b.address_line_2,
      city: b.city,
      state: b.state,
      postal_code: b.postal_code,
      country: b.country,
    };
    const diff = changedFields(before, next);
    // A pin from "use my location" belongs to the old address: keep it only when the address is unchanged.
    const moved = diff.changed.length > 0;
    await onboarding.upsertLocation(tx, {
      storeId: store.id,
      addressLine1: next.address_line_1,
      addressLine2: next.address_line_2,
      city: next.city,
      state: next.state,
      postalCode: next.postal_code,
      country: next.country,
      latitude: moved ? null : (location?.latitude ?? null),
      longitude: moved ? null : (location?.longitude ?? null),
    });
    await onboarding.updateStore(tx, store.id, { city: b.city, state: b.state });
    if (moved) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: 'SETTINGS',
        entityId: 'address',
        action: 'UPDATE',
        summary: `Changed the shop address: ${diff.changed.join(', ')}`,
        before: diff.before,
        after: diff.after,
      });
    }
    return readAddress(tx);
  });
  forgetStorefront(deps, store);
  return saved;
}
