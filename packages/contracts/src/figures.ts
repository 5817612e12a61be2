/*
 * The money and stock figures the back office shows on more than one screen, each defined once (issue 42, item 17):
 * its name on screen and the line under it that says what it counts. The server computes each in one place: sales
 * from order_day_stats (dashboard, profit and loss), order value from order_status_day_stats (Order Management),
 * money received from payment_day_stats (Transaction Management), stock from the products' stock_state.
 */
export const FIGURES = {
  sales: {
    label: 'Sales',
    note: 'Orders placed, less cancelled, returned, RTO and refunds; cash on delivery counts when ordered',
  },
  orderValue: {
    label: 'Order value',
    note: 'Orders placed in these dates, less cancelled, returned and RTO; refunds not taken off',
  },
  received: {
    label: 'Money received',
    note: 'Payments collected (online, at the counter, on delivery), less refunds',
  },
  lowStock: {
    label: 'Low stock',
    note: 'Active products at or below their minimum stock, or with a variant that is',
  },
} as const;
export type FigureName = keyof typeof FIGURES;
