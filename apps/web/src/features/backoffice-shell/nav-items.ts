import type { ShopOperation } from '@haat/contracts';
import {
  BookOpenText,
  Boxes,
  Building2,
  History,
  LayoutDashboard,
  type LucideIcon,
  ReceiptIndianRupee,
  ScanBarcode,
  Settings,
  ShoppingBag,
  Truck,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** What the person's role must be allowed to do to see the entry (the server checks the same table). */
  op: ShopOperation;
}

/**
 * The sidebar's entries (02 §2): Dashboard, Inventory, Transaction, Orders, Checkout and Audit, then Settings.
 * Checkout is the point of sale.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/', label: 'Dashboard', icon: LayoutDashboard, op: 'dashboard' },
  { to: '/inventory/', label: 'Inventory', icon: Boxes, op: 'products.edit' },
  { to: '/transaction/', label: 'Transaction', icon: ReceiptIndianRupee, op: 'money' },
  { to: '/admin-orders/', label: 'Orders', icon: ShoppingBag, op: 'orders.view' },
  { to: '/checkout/', label: 'Checkout', icon: ScanBarcode, op: 'pos' },
  { to: '/registers/', label: 'Registers', icon: Wallet, op: 'register.history' },
  { to: '/purchases/', label: 'Purchases', icon: Truck, op: 'purchases' },
  { to: '/customers/', label: 'Customers', icon: Users, op: 'customers' },
  { to: '/books/', label: 'Books', icon: BookOpenText, op: 'expenses' },
  { to: '/audit-trail', label: 'Audit', icon: History, op: 'audit' },
  { to: '/settings/', label: 'Settings', icon: Settings, op: 'settings' },
];

/** The platform operator's console (role ADMIN): every shop on Haat. Not a shop's screen, so no operation. */
export const PLATFORM_ITEM: NavItem = {
  to: '/platform/shops',
  label: 'All shops',
  icon: Building2,
  op: 'dashboard',
};
