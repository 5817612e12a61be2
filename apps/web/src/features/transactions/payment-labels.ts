import type { BadgeTone } from '../../components/ui/status-badge.tsx';
import type { Transaction } from './transactions-api.ts';

export const PAYMENT_STATUS: Record<Transaction['payment_status'], { text: string; tone: BadgeTone }> = {
  PENDING: { text: 'Pending', tone: 'warning' },
  SUCCESS: { text: 'Success', tone: 'success' },
  FAILED: { text: 'Failed', tone: 'danger' },
  PARTIALLY_REFUNDED: { text: 'Partially Refunded', tone: 'info' },
  REFUNDED: { text: 'Refunded', tone: 'neutral' },
  CANCELLED: { text: 'Cancelled', tone: 'neutral' },
};
export const PAYMENT_MODE: Record<Transaction['payment_mode'], string> = {
  COD: 'Cash on Delivery',
  UPI: 'UPI',
  CASH: 'Cash',
  CARD: 'Card',
  CREDIT: 'Khata (pay later)',
  ONLINE: 'Online (gateway)',
};
