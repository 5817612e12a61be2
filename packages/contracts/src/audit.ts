import { z } from 'zod';
import { calendarDate, dateRange } from './dates.ts';

/** The kinds of thing an audit row is about (the audit trail's "Kind" filter); payments and refunds are ORDER rows. */
export const AUDIT_ENTITIES = [
  'PRODUCT',
  'STOCK',
  'CATEGORY',
  'SUPPLIER',
  'IMPORT',
  'ORDER',
  'INVOICE',
  'SETTINGS',
  'DELIVERY_OPTION',
  'COUPON',
  'STAFF',
  'SIGN_IN',
  'EXPENSE',
  'CUSTOMER',
  'REGISTER',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** The actions recorded today, for the "Action" filter (a row's action is one of these words). */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'ARCHIVE',
  'IMPORT',
  'STATUS',
  'SHIPPING',
  'EDIT',
  'PAYMENT',
  'RETURN',
  'REFUND',
  'ISSUE',
  'GST',
  'INVITE',
  'JOIN',
  'ROLE',
  'REMOVE',
  'SIGN_IN',
  'POS_SALE',
  'COUNTER_RETURN',
  'WHATSAPP',
  'REGISTER_OPEN',
  'CASH_IN',
  'CASH_OUT',
  'REGISTER_CLOSE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit trail's filters (IST dates), paged on the server. */
export const auditQuery = z
  .object({
    actor_id: z.uuid('actor_id must be a person of this shop').optional(),
    entity: z
      .enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` })
      .optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    /** One thing's changes (a product, an order): the product's History tab and the order page read them. */
    entity_id: z.uuid('entity_id must be an id').optional(),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
    /** `hide` leaves sign-ins out (the trail's default view, issue 42); absent or `show` keeps them. */
    sign_ins: z.enum(['show', 'hide'], { error: 'sign_ins must be show or hide' }).optional(),
    /** `hide` leaves out rows whose values before and after are the same; absent or `show` keeps them. */
    unchanged: z.enum(['show', 'hide'], { error: 'unchanged must be show or hide' }).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be 1 to 100')
      .max(100, 'limit must be 1 to 100')
      .default(25),
    offset: z.coerce
      .number()
      .int()
      .min(0, 'offset must be 0 or more')
      .max(100_000, 'offset must be at most 100000')
      .default(0),
  })
  .superRefine(dateRange());
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEvent = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_id: z.string().nullable(),
  /** The person's name (or email), "System" for changes nobody made by hand. */
  actor_name: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
  /** The changed fields' values before and after (only those that changed). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** A page of rows; `count` stops at AUDIT_COUNT_CAP (then `count_capped`), so a huge trail still answers fast. */
export const AUDIT_COUNT_CAP = 1_000;
export const auditPage = z.object({
  results: z.array(auditEvent),
  count: z.number().int(),
  count_capped: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** The people who appear in a shop's trail, for the "Person" filter. */
export const auditPeople = z.array(z.object({ id: z.string(), name: z.string() }));
export type AuditPerson = z.infer<typeof auditPeople>[number];
