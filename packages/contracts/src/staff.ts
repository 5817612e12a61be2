import { z } from 'zod';
import { newPasswordField } from './accounts.ts';

/*
 * Staff accounts (issue 15, spec 02 §6): the roles a person can have in a shop and the one table of what each role
 * may do. The server checks every back-office call against SHOP_PERMISSIONS; the back office hides the rest.
 */

export const STAFF_ROLES = ['MANAGER', 'CASHIER', 'PACKER'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/**
 * OPERATOR is not a person's role in a shop: it is what the platform operator (account role ADMIN) is in every
 * shop it does not own. It reads the back office to support the shop and changes nothing there (decision 0021).
 */
export type ShopRole = 'OWNER' | StaffRole | 'OPERATOR';

export const ROLE_NAMES: Record<ShopRole, string> = {
  OWNER: 'Owner',
  MANAGER: 'Manager',
  CASHIER: 'Cashier',
  PACKER: 'Packer',
  OPERATOR: 'Platform operator',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  MANAGER: 'Everything but billing and staff',
  CASHIER: 'Bills customers at the counter, runs the register and khata; looks up products and orders',
  PACKER: 'Confirms, packs and ships orders; no payments, refunds or settings',
};

/** What one can do in a shop's back office, with the words a refusal uses ("A Packer cannot …"). */
export const SHOP_OPERATIONS = {
  dashboard: 'see the dashboard',
  'products.view': 'look up products',
  'products.edit': 'add or change products, prices and stock',
  'orders.view': 'look up orders',
  pos: 'bill customers at the counter',
  'orders.fulfil': 'confirm, pack or ship orders',
  'orders.manage': 'cancel, edit or return orders, or record payments',
  money: 'see payments, invoices and GST',
  refunds: 'refund payments',
  settings: 'change the shop settings',
  audit: 'read the audit trail',
  staff: 'manage staff',
  purchases: 'order stock from suppliers, receive it and record supplier bills and payments',
  register: 'open, run and close a cash register',
  'register.history': "see every register's history",
  customers: 'look up customers and their khata',
  khata: 'sell on credit and take khata payments',
  'credit.limits': "set customers' credit limits",
  expenses: 'record expenses',
  profit: 'see profit and loss and the stock value',
} as const;
export type ShopOperation = keyof typeof SHOP_OPERATIONS;

const ALL = Object.keys(SHOP_OPERATIONS) as ShopOperation[];

/** The permission table: role by operation. Billing (plan, domain) stays with the owner's wizard calls. */
export const SHOP_PERMISSIONS: Record<ShopRole, readonly ShopOperation[]> = {
  OWNER: ALL,
  MANAGER: ALL.filter((op) => op !== 'staff'),
  CASHIER: ['products.view', 'orders.view', 'pos', 'register', 'customers', 'khata'],
  PACKER: ['orders.view', 'orders.fulfil'],
  // Read-only: every route of these operations is a GET (the permission test checks it). No settings (payment
  // details), staff, point of sale or product CSV.
  OPERATOR: ['dashboard', 'products.view', 'orders.view', 'money', 'audit'],
};

export const can = (role: ShopRole | null | undefined, op: ShopOperation) =>
  !!role && SHOP_PERMISSIONS[role].includes(op);

/** Why a role is refused an operation, in the words the server's 403 and the back office's page use. */
export const roleRefusal = (role: ShopRole, op: ShopOperation | null) => {
  const what = op ? SHOP_OPERATIONS[op] : 'do this';
  return role === 'OPERATOR'
    ? `The platform operator can only look at a shop's back office; it cannot ${what}. Ask the shop's owner.`
    : `A ${ROLE_NAMES[role]} cannot ${what}. Ask the shop's owner.`;
};

export const staffRole = z.enum(STAFF_ROLES, { error: 'role must be MANAGER, CASHIER or PACKER' });

export const inviteBody = z.object({
  email: z.email('Enter a valid email').trim().toLowerCase().max(254, 'email must be at most 254 characters'),
  role: staffRole,
});
export type InviteBody = z.infer<typeof inviteBody>;

export const roleBody = z.object({ role: staffRole });

export const staffMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['OWNER', ...STAFF_ROLES]),
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRole,
  created_at: z.string(),
  expires_at: z.string(),
});
export type StaffInvite = z.infer<typeof staffInvite>;

export const staffList = z.object({ members: z.array(staffMember), invites: z.array(staffInvite) });
export type StaffList = z.infer<typeof staffList>;

/** What the invite link shows before it is accepted. */
export const inviteQuery = z.object({
  shop: z.string({ error: 'shop is required' }).min(1, 'shop is required').max(100),
  token: z
    .string({ error: 'token is required' })
    .min(20, 'token is not valid')
    .max(200, 'token is not valid'),
});
export const invitePreview = z.object({
  store_name: z.string(),
  slug: z.string(),
  email: z.string(),
  role: staffRole,
  /** A vendor account with this email exists: the invitee signs in instead of setting a password. */
  has_account: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreview>;

const name = (field: string) =>
  z.string().trim().min(1, `${field} is required`).max(50, `${field} must be at most 50 characters`);
export const acceptInviteBody = inviteQuery.extend({
  first_name: name('First name').optional(),
  last_name: name('Last name').optional(),
  password: newPasswordField.optional(),
});
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;
