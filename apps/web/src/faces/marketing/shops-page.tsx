import { AllShops } from '../../features/marketplace/all-shops.tsx';

/**
 * /shops: every open shop on the marketplace (View All Shops on the landing page leads here). "Login as Customer"
 * signs in to the shopper's Haat account on the marketplace itself (decision 0036), no longer here.
 */
export function ShopsPage() {
  return <AllShops />;
}
