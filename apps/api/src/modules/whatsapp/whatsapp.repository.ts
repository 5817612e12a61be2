import type { WhatsAppKind } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { asc, eq } from 'drizzle-orm';

const { whatsappTemplates, orders, orderItems, users } = schema;

/** The shop's own template texts (run in its context). */
export async function listTemplates(tx: Tx) {
  return tx.select().from(whatsappTemplates);
}

export async function findTemplate(tx: Tx, kind: WhatsAppKind) {
  const [row] = await tx.select().from(whatsappTemplates).where(eq(whatsappTemplates.kind, kind));
  return row ?? null;
}

export async function upsertTemplate(tx: Tx, storeId: string, kind: WhatsAppKind, body: string) {
  const [row] = await tx
    .insert(whatsappTemplates)
    .values({ storeId, kind, body })
    .onConflictDoUpdate({
      target: [whatsappTemplates.storeId, whatsappTemplates.kind],
      set: { body, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deleteTemplate(tx: Tx, kind: WhatsAppKind) {
  const rows = await tx.delete(whatsappTemplates).where(eq(whatsappTemplates.kind, kind)).returning();
  return rows[0] ?? null;
}

/** What a message about an order is filled with: the order, its customer's first name and its lines. */
export async function orderForMessage(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      channel: orders.channel,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      totalPaise: orders.totalPaise,
      shipName: orders.shipName,
      shipPhone: orders.shipPhone,
      contactPhone: orders.contactPhone,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      trackingUrl: orders.trackingUrl,
      firstName: users.firstName,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx
    .select({ name: orderItems.name, variant: orderItems.variantLabel, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  return { ...order, items };
}
export type MessageOrder = NonNullable<Awaited<ReturnType<typeof orderForMessage>>>;
