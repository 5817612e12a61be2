import {
  type AuditQuery,
  PLATFORM_SUPPORT_EMAIL,
  type PlatformShop,
  type platformShopQuery,
  type platformStatusBody,
} from '@haat/contracts';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import { listAudit } from '../audit/index.ts';
import { brandOf, enqueueMail, layout, type MailMessage, para } from '../mail/index.ts';
import { platformStatus } from '../onboarding/index.ts';
import { findStoreRowBySlug } from '../stores/index.ts';

import * as repo from './platform.repository.ts';

/*
 * The platform operator's console (role ADMIN; issue 15): every shop with its owner, plan, status and activity,
 * and the statuses only the platform sets. A status change goes through the shop's own launch settings (so the
 * storefront, the directory caches and the shop's audit trail follow as for the owner's changes) and mails the
 * owner why.
 */

const DAY_MS = 86_400_000;
/** The IST date 30 days ago: the day tables count by IST day. */
const since30 = () => new Date(Date.now() + 5.5 * 3_600_000 - 29 * DAY_MS).toISOString().slice(0, 10);

export async function listShops(deps: Deps, q: z.output<typeof platformShopQuery>) {
  const [rows, count] = await Promise.all([repo.listShops(deps.db, q), repo.countShops(deps.db, q)]);
  const activity = await repo.activityOf(
    deps.db,
    rows.map((r) => r.id),
    since30(),
  );
  const results: PlatformShop[] = rows.map((r) => {
    const a = activity.get(r.id);
    return {
      id: r.id,
      slug: r.slug,
      store_name: r.storeName,
      owner: { name: r.ownerName, email: r.ownerEmail },
      plan: r.plan,
      online_status: r.onlineStatus,
      status_note: r.statusNote,
      city: r.city,
      created_at: r.createdAt.toISOString(),
      orders_30d: a?.orders ?? 0,
      last_activity: a?.last ? a.last.toISOString() : null,
    };
  });
  return { results, count };
}

const WHAT: Record<string, (shop: string) => string> = {
  SUSPENDED: (shop) => `${shop} has been suspended by the Haat platform.`,
  MAINTENANCE: (shop) => `The Haat platform has put ${shop} under maintenance.`,
  OFFLINE: (shop) => `The Haat platform has taken ${shop} offline.`,
  PUBLISHED: (shop) => `${shop} is open again: the Haat platform lifted the earlier status.`,
};

function ownerMail(
  to: string,
  firstName: string,
  shop: string,
  storeId: string,
  status: string,
  reason?: string,
) {
  const lines = [
    (WHAT[status] ?? ((s: string) => `${s} changed status to ${status.toLowerCase()}.`))(shop),
    reason ? `Reason: ${reason}` : '',
    status === 'PUBLISHED'
      ? 'Shoppers can visit and order again.'
      : `Shoppers see a notice instead of your shop until this is resolved. Questions: write to ${PLATFORM_SUPPORT_EMAIL}.`,
  ].filter(Boolean);
  const hello = `Hi ${firstName},`;
  const message: MailMessage = {
    to,
    storeId,
    subject:
      status === 'PUBLISHED' ? `${shop} is open again` : `${shop}: ${status.toLowerCase()} by the platform`,
    text: [hello, '', ...lines].join('\n'),
    html: layout(brandOf(null), [para(hello), ...lines.map(para)].join('')),
  };
  return message;
}

/** Suspend, lift, put under maintenance or take offline; the owner is mailed the reason. */
export async function setShopStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof platformStatusBody>,
) {
  const shop = await repo.findShop(deps.db, id);
  if (!shop) throw notFound('Shop not found');
  const settings = await platformStatus(deps, actor, id, {
    online_status: body.online_status,
    status_note: body.online_status === 'PUBLISHED' ? null : (body.reason ?? null),
  });
  await enqueueMail(
    deps.db,
    ownerMail(shop.ownerEmail, shop.ownerFirstName, shop.storeName, id, body.online_status, body.reason),
  );
  return settings;
}

/** A shop's audit trail as its owner reads it (operator actions are in it too, under the operator's name). */
export async function shopAudit(deps: Deps, id: string, q: AuditQuery) {
  const shop = await repo.findShop(deps.db, id);
  const store = shop ? await findStoreRowBySlug(deps.db, shop.slug) : null;
  if (!store) throw notFound('Shop not found');
  return listAudit(deps, store, q);
}
