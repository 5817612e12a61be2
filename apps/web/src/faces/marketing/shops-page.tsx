import { AllShops } from '../../features/marketplace/all-shops.tsx';

/** /shops: every open shop on the marketplace (View All Shops on the landing page leads here). */
export function ShopsPage() {
  return <AllShops />;
}
