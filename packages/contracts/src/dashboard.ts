import { z } from 'zod';

/**
 * The back office's dashboard (02 §2 Admin dashboard, §3 Dashboard stats, §9 period options). Every figure is
 * computed from the shop's orders, products and events; money is in rupees.
 *
 * Periods are rolling windows of whole days in India time that end today (today counts so far): Monthly is the
 * last 30 days, Quarterly the last 13 weeks (91 days), Yearly the current month and the 11 before it. Growth
 * compares with the same number of days just before (for Yearly: the 12 months before).
 */
export const DASHBOARD_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
/** How many events the Recent Activity list shows. */
export const RECENT_ACTIVITY_LIMIT = 15;

export const dashboardQuery = z.object({
  period: z
    .enum(DASHBOARD_PERIODS, { error: 'period must be monthly, quarterly or yearly' })
    .default('monthly'),
});

/** A figure for a period and the one before it. */
export const periodFigure = z.object({
  value: z.number(),
  previous: z.number(),
  /** Change against the previous period in percent (one decimal); null when the previous period had none. */
  growth: z.number().nullable(),
  /** True when the figure held or grew. */
  isPositive: z.boolean(),
});
export type PeriodFigure = z.infer<typeof periodFigure>;

const byPeriod = z.object({ monthly: periodFigure, quarterly: periodFigure, yearly: periodFigure });

export const ACTIVITY_KINDS = [
  'ORDER_PLACED',
  'ORDER_CANCELLED',
  'RETURN_REQUESTED',
  'ORDER_RETURNED',
  'ORDER_UPDATED',
  'STOCK',
  'PRODUCT',
  'CATALOGUE',
  'SETTINGS',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One real event of the shop: an order placed or cancelled, a return, a stock change, or a recorded edit. */
export const activityItem = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** A sentence for people, e.g. "Order ORD-1042 placed by Priya Sharma: 2 items, ₹1,298". */
  text: z.string(),
  /** What the event is about, for a link: an order or a product; null for shop-wide changes. */
  target: z.object({ type: z.enum(['order', 'product']), id: z.string() }).nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const SERIES_GRANULARITY: Record<DashboardPeriod, 'day' | 'week' | 'month'> = {
  monthly: 'day',
  quarterly: 'week',
  yearly: 'month',
};

/**
 * The dashboard of one shop for a period. Revenue counts what customers pay (after coupons, with shipping;
 * prices include GST) on orders that are not cancelled or returned, less what was refunded on them, by the day
 * they were placed. Total Orders
 * counts every order placed. Conversion Rate is orders placed per storefront visit (decision 0010).
 */
export const dashboardStats = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The selected window and the previous one (ISO times). */
  range: z.object({
    from: z.string(),
    to: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
  }),
  revenue: byPeriod,
  total_order: byPeriod,
  total_inventory: z.object({
    /** Units in stock over active products. */
    units: z.number().int(),
    /** Stock value at cost price; products without a cost price are valued at their selling price. */
    value: z.number(),
    products: z.number().int(),
    /** Products in stock that have no cost price (valued at selling price). */
    valued_at_price: z.number().int(),
  }),
  /** Selling price minus cost price of the items sold in the period (after coupon discounts). */
  profit: z.object({
    value: z.number(),
    /** Margin on the revenue of the items counted, in percent; null without such items. */
    margin_percent: z.number().nullable(),
    /** Sold lines left out because they have no cost price. */
    lines_without_cost: z.number().int(),
    profit_note: z.string().nullable(),
  }),
  /** Distinct customers with an order placed in the period. */
  active_customers: periodFigure,
  /** Revenue per counted order. */
  avg_order_value: periodFigure,
  /** Orders placed in the period that were delivered and then returned or asked to be returned. */
  return_rate: z.object({
    /** Percent of delivered orders; null when none was delivered. */
    value: z.number().nullable(),
    returned: z.number().int(),
    delivered: z.number().int(),
  }),
  /**
   * Orders placed per storefront visit in the period, in percent (two decimals); null without visits. Visits are
   * counted once per storefront page load, bots left out (decision 0010).
   */
  conversion_rate: z.object({
    value: z.number().nullable(),
    /** The same for the previous period. */
    previous: z.number().nullable(),
    orders: z.number().int(),
    visits: z.number().int(),
  }),
  /**
   * Cash on delivery in the period (orders placed in it; decision 0014): COD's share of all orders, and the RTO
   * rate, RTO'd of shipped COD orders, with what those cost in shipping both ways (rupees).
   */
  cod: z.object({
    /** Percent of the period's orders paid cash on delivery (one decimal); null without orders. */
    share: z.number().nullable(),
    cod_orders: z.number().int(),
    orders: z.number().int(),
    /** Percent of shipped COD orders that came back (one decimal); null when none was shipped. */
    rto_rate: z.number().nullable(),
    rto_orders: z.number().int(),
    shipped_cod_orders: z.number().int(),
    /** Shipping both ways on the RTO orders, as the shop's delivery options price it. */
    rto_cost: z.number(),
  }),
  /** Active products at or below their own minimum stock (and above zero), and those out of stock. */
  low_stock: z.object({ count: z.number().int(), out_of_stock: z.number().int() }),
  revenue_series: z.object({
    granularity: z.enum(['day', 'week', 'month']),
    points: z.array(
      z.object({
        /** Start and end of the bucket (ISO); the last one ends now. */
        start: z.string(),
        end: z.string(),
        revenue: z.number(),
        orders: z.number().int(),
      }),
    ),
  }),
  recent_activity: z.array(activityItem),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
