import { Boxes, LayoutDashboard, type LucideIcon, Settings } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The sidebar's entries (02 §2). Only screens that exist are listed: Transaction, Orders, Checkout and Audit
 * join as their screens are built, so the sidebar never leads to a dead page.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/inventory/', label: 'Inventory', icon: Boxes },
  { to: '/settings/', label: 'Settings', icon: Settings },
];
