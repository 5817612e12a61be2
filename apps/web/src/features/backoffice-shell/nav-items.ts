import {
  Boxes,
  History,
  LayoutDashboard,
  type LucideIcon,
  ReceiptIndianRupee,
  ScanBarcode,
  Settings,
  ShoppingBag,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The sidebar's entries (02 §2): Dashboard, Inventory, Transaction, Orders, Checkout and Audit, then Settings.
 * Checkout (the point of sale) shows an honest page saying what is coming until built.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/inventory/', label: 'Inventory', icon: Boxes },
  { to: '/transaction/', label: 'Transaction', icon: ReceiptIndianRupee },
  { to: '/admin-orders/', label: 'Orders', icon: ShoppingBag },
  { to: '/checkout/', label: 'Checkout', icon: ScanBarcode },
  { to: '/audit-trail', label: 'Audit', icon: History },
  { to: '/settings/', label: 'Settings', icon: Settings },
];
