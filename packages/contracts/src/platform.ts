import { z } from 'zod';
import { PLANS, STORE_STATUSES } from './constants.ts';

/*
 * The platform operator's console (role ADMIN; issue 15, spec 01 §4 store statuses): every shop with its owner,
 * plan, status and activity, and the statuses only the operator sets.
 */

/** What the operator may set: suspend (with a reason the owner is mailed), maintenance, or open it again. */
export const OPERATOR_STATUSES = ['SUSPENDED', 'MAINTENANCE', 'PUBLISHED', 'OFFLINE'] as const;

export const platformShopQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  status: z.enum(STORE_STATUSES, { error: `status must be one of ${STORE_STATUSES.join(', ')}` }).optional(),
  plan: z.enum(PLANS, { error: `plan must be one of ${PLANS.join(', ')}` }).optional(),
  city: z.string().trim().max(80, 'city must be at most 80 characters').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});
export type PlatformShopQuery = z.input<typeof platformShopQuery>;

export const platformShop = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  owner: z.object({ name: z.string(), email: z.string() }),
  plan: z.string(),
  online_status: z.string(),
  status_note: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.string(),
  orders_30d: z.number().int(),
  last_activity: z.string().nullable(),
});
export type PlatformShop = z.infer<typeof platformShop>;

export const platformShopList = z.object({ results: z.array(platformShop), count: z.number().int() });

export const platformStatusBody = z
  .strictObject({
    online_status: z.enum(OPERATOR_STATUSES, {
      error: `online_status must be one of ${OPERATOR_STATUSES.join(', ')}`,
    }),
    /** Why: mailed to the owner and shown in their back office (required to suspend). */
    reason: z.string().trim().max(300, 'reason must be at most 300 characters').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.online_status === 'SUSPENDED' && !b.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for the suspension' });
    }
  });
export type PlatformStatusBody = z.input<typeof platformStatusBody>;

/** Who a suspended shop's owner contacts (shown in their back office and in the mail). */
export const PLATFORM_SUPPORT_EMAIL = 'support@haat.in';
