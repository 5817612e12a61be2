import type { AdminOrderRow } from '@haat/contracts';
import { csvText } from '../../lib/csv.ts';

const COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'payment_method',
  'total_amount',
  'total_items',
  'customer_name',
  'customer_email',
  'customer_phone',
  'carrier',
  'tracking_number',
  'ship_name',
  'ship_address',
  'ship_city',
  'ship_state',
  'ship_postal_code',
  'return_requested',
];

/**
 * Order Management's filtered list as CSV: plain numbers (rupees with a dot, no Indian grouping) so a
 * spreadsheet reads them as numbers; times in UTC ISO form.
 */
export function ordersCsv(rows: AdminOrderRow[]) {
  return csvText(
    rows.map((r) => [
      r.order_number,
      r.created_at,
      r.status,
      r.payment_status,
      r.payment_method,
      r.total_amount.toFixed(2),
      r.total_items,
      `${r.user.first_name} ${r.user.last_name}`.trim(),
      r.user.email ?? '',
      r.user.phone ?? '',
      r.carrier ?? '',
      r.trackingNumber ?? '',
      r.shipping_address.full_name,
      [r.shipping_address.address_line1, r.shipping_address.address_line2].filter(Boolean).join(', '),
      r.shipping_address.city,
      r.shipping_address.state,
      r.shipping_address.postal_code,
      r.return_requested ? 'yes' : 'no',
    ]),
    { columns: COLUMNS },
  );
}
