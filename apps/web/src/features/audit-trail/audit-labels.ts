import type { AuditAction, AuditEntity, AuditEvent } from '@haat/contracts';
import type { BadgeTone } from '../../components/ui/status-badge.tsx';

/** What each kind of row is called in the filter and on the row. */
export const KIND_TEXT: Record<AuditEntity, string> = {
  PRODUCT: 'Product',
  STOCK: 'Stock',
  CATEGORY: 'Category',
  SUPPLIER: 'Supplier',
  IMPORT: 'CSV import',
  ORDER: 'Order',
  INVOICE: 'Invoice',
  SETTINGS: 'Settings',
  DELIVERY_OPTION: 'Delivery option',
  COUPON: 'Coupon',
  STAFF: 'Staff',
  SIGN_IN: 'Sign-in',
  EXPENSE: 'Expense',
  CUSTOMER: 'Customer',
  REGISTER: 'Register',
};

export const ACTION_TEXT: Record<AuditAction, string> = {
  CREATE: 'Added',
  UPDATE: 'Changed',
  DELETE: 'Deleted',
  ARCHIVE: 'Archived',
  IMPORT: 'Imported',
  STATUS: 'Status changed',
  SHIPPING: 'Shipping changed',
  EDIT: 'Edited',
  PAYMENT: 'Payment recorded',
  RETURN: 'Return decided',
  REFUND: 'Refunded',
  ISSUE: 'Issued',
  GST: 'GST changed',
  INVITE: 'Invited',
  JOIN: 'Joined',
  ROLE: 'Role changed',
  REMOVE: 'Removed',
  SIGN_IN: 'Signed in',
  POS_SALE: 'Sold at the counter',
  COUNTER_RETURN: 'Counter return',
  WHATSAPP: 'WhatsApp message',
  REGISTER_OPEN: 'Register opened',
  CASH_IN: 'Cash in',
  CASH_OUT: 'Cash out',
  REGISTER_CLOSE: 'Register closed',
};

const TONE: Partial<Record<string, BadgeTone>> = {
  CREATE: 'success',
  JOIN: 'success',
  REMOVE: 'danger',
  DELETE: 'danger',
  ARCHIVE: 'warning',
  REFUND: 'warning',
  SIGN_IN: 'neutral',
  PAYMENT: 'success',
  POS_SALE: 'success',
};
export const actionTone = (action: string): BadgeTone => TONE[action] ?? 'info';
export const actionText = (action: string) => ACTION_TEXT[action as AuditAction] ?? action;
export const kindText = (entity: string) => KIND_TEXT[entity as AuditEntity] ?? entity;

/** Where a row's thing lives in the back office, with the link's words; null when there is nothing to open. */
export function targetOf(e: AuditEvent): { to: string; label: string } | null {
  const id = e.entity_id;
  switch (e.entity) {
    case 'PRODUCT':
    case 'STOCK':
      return id && e.action !== 'DELETE' ? { to: `/inventory/${id}`, label: 'Open product' } : null;
    case 'ORDER':
    case 'INVOICE':
      return id ? { to: `/admin-orders/${id}`, label: 'Open order' } : null;
    case 'CATEGORY':
    case 'SUPPLIER':
    case 'IMPORT':
      return { to: '/inventory', label: 'Open inventory' };
    case 'SETTINGS':
    case 'STAFF':
    case 'COUPON':
    case 'DELIVERY_OPTION':
      return { to: '/settings', label: 'Open settings' };
    default:
      return null;
  }
}
