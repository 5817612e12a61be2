import {
  type OrderWhatsApp,
  WHATSAPP_DEFAULTS,
  WHATSAPP_KINDS,
  WHATSAPP_LABELS,
  WHATSAPP_PLACEHOLDERS,
  WHATSAPP_WORDS,
  type WhatsAppKind,
  type WhatsAppSent,
  type WhatsAppTemplate,
  type WhatsAppTemplates,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps, Origin } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as ordersRepo from '../orders/index.ts';
import { orderNumber } from '../orders/index.ts';
import { type StoreRow, storeUrl } from '../stores/index.ts';
import * as repo from './whatsapp.repository.ts';
import { orderMessage, phoneOf, placeholderValues } from './whatsapp-messages.ts';
import type { WhatsAppSender } from './whatsapp-sender.ts';

type Saved = Awaited<ReturnType<typeof repo.findTemplate>>;

const shown = (kind: WhatsAppKind, saved: Saved): WhatsAppTemplate => ({
  kind,
  label: WHATSAPP_LABELS[kind],
  text: saved?.body ?? WHATSAPP_DEFAULTS[kind],
  default_text: WHATSAPP_DEFAULTS[kind],
  is_default: !saved,
  updated_at: saved ? saved.updatedAt.toISOString() : null,
  placeholders: [...WHATSAPP_PLACEHOLDERS[kind]],
});

/** Each kind's text as the shop has it (its own, else the default), keyed by kind. */
async function textsOf(tx: Tx): Promise<Record<WhatsAppKind, string>> {
  const rows = await repo.listTemplates(tx);
  const texts = { ...WHATSAPP_DEFAULTS };
  for (const r of rows) texts[r.kind] = r.body;
  return texts;
}

/** Settings: the four templates with the shop's name and address for the preview. */
export const listTemplates = (deps: Deps, store: StoreRow, origin: Origin, via: WhatsAppSender['via']) =>
  withStore(deps.db, store.id, async (tx): Promise<WhatsAppTemplates> => {
    const rows = await repo.listTemplates(tx);
    return {
      shop_name: store.storeName,
      shop_url: storeUrl(deps, store, origin),
      sender: via,
      templates: WHATSAPP_KINDS.map((k) => shown(k, rows.find((r) => r.kind === k) ?? null)),
    };
  });

/** Saves a template (checked by the contract); an empty text goes back to the default. Audited when it changed. */
export const saveTemplate = (deps: Deps, actor: Actor, store: StoreRow, kind: WhatsAppKind, text: string) =>
  withStore(deps.db, store.id, async (tx) => {
    const before = await repo.findTemplate(tx, kind);
    const useDefault = text === '' || text === WHATSAPP_DEFAULTS[kind];
    const row = useDefault ? null : await repo.upsertTemplate(tx, store.id, kind, text);
    if (useDefault && before) await repo.deleteTemplate(tx, kind);
    const beforeText = before?.body ?? null;
    const afterText = row?.body ?? null;
    if (beforeText !== afterText) {
      await recordAudit(tx, store.id, actor, {
        entity: 'SETTINGS',
        entityId: `whatsapp:${kind}`,
        action: 'UPDATE',
        summary: row
          ? `Changed the WhatsApp ${WHATSAPP_WORDS[kind]} message`
          : `Went back to the default WhatsApp ${WHATSAPP_WORDS[kind]} message`,
        before: { text: beforeText },
        after: { text: afterText },
      });
    }
    return shown(kind, row);
  });

async function readOrder(tx: Tx, orderId: string) {
  const order = isUuid(orderId) ? await repo.orderForMessage(tx, orderId) : null;
  if (!order) throw notFound('Order not found');
  return order;
}

/** The order page's WhatsApp buttons: every kind filled from the shop's template, with why one is not offered. */
export const orderMessages = (
  deps: Deps,
  store: StoreRow,
  origin: Origin,
  orderId: string,
  via: WhatsAppSender['via'],
) =>
  withStore(deps.db, store.id, async (tx): Promise<OrderWhatsApp> => {
    const [order, texts] = await Promise.all([readOrder(tx, orderId), textsOf(tx)]);
    const values = placeholderValues(order, { name: store.storeName, url: storeUrl(deps, store, origin) });
    return {
      phone: phoneOf(order),
      sender: via,
      messages: WHATSAPP_KINDS.map((k) => orderMessage(k, texts[k], order, values)),
    };
  });

/**
 * Sends one message about an order through the sender (a wa.me link, or the provider), then records it on the
 * order's timeline and in the audit trail. Nothing is recorded when the provider fails. A link only shows that
 * WhatsApp was opened: whether the vendor pressed send there, and whether it arrived, WhatsApp does not tell us.
 */
export async function sendMessage(
  { deps, actor, store }: ShopContext,
  origin: Origin,
  orderId: string,
  kind: WhatsAppKind,
  sender: WhatsAppSender,
): Promise<WhatsAppSent> {
  const { order, message } = await withStore(deps.db, store.id, async (tx) => {
    const [o, texts] = await Promise.all([readOrder(tx, orderId), textsOf(tx)]);
    const values = placeholderValues(o, { name: store.storeName, url: storeUrl(deps, store, origin) });
    return { order: o, message: orderMessage(kind, texts[kind], o, values) };
  });
  const to = phoneOf(order);
  if (!message.available || !to) {
    throw new AppError(
      409,
      'CONFLICT',
      `${message.label} message not sent: ${message.reason ?? 'not available'}`,
      {
        reason: 'WHATSAPP_NOT_AVAILABLE',
        status: order.status,
      },
    );
  }
  const delivery = await sender.send({ to, text: message.text });
  const note = `WhatsApp message ${delivery.via === 'API' ? 'sent' : 'opened'}: ${WHATSAPP_WORDS[kind]}`;
  await withStore(deps.db, store.id, async (tx) => {
    await ordersRepo.insertEvent(tx, {
      storeId: store.id,
      orderId: order.id,
      status: 'WHATSAPP',
      note,
      actorId: actor.userId,
      createdAt: sql`clock_timestamp()`,
    });
    await recordAudit(tx, store.id, actor, {
      entity: 'ORDER',
      entityId: order.id,
      action: 'WHATSAPP',
      summary: `Order ${orderNumber(order.number)}: ${note}`,
      after: { kind, via: delivery.via, to: `+${to}` },
    });
  });
  return { kind, via: delivery.via, link: delivery.link, provider_id: delivery.providerId };
}
