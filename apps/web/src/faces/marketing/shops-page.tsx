import { Store } from 'lucide-react';
import { AllShops } from '../../features/marketplace/all-shops.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';

/**
 * /shops: every open shop on the marketplace (View All Shops on the landing page leads here). A shopper who chose
 * "Login as Customer" arrives with ?for=login: customer accounts belong to a shop, so the next step is to pick one.
 */
export function ShopsPage() {
  const [params] = useSearchParams();
  return (
    <>
      {params.get('for') === 'login' ? (
        <section
          aria-labelledby="customer-login-note"
          className="mx-auto mt-6 max-w-7xl px-4 sm:px-6 lg:px-8"
        >
          <div className="flex gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100 sm:p-5">
            <Store aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700" />
            <div className="text-sm text-slate-700">
              <h2 id="customer-login-note" className="text-base font-semibold text-slate-900">
                Log in at the shop you buy from
              </h2>
              <p className="mt-1">
                Your customer account, cart and orders belong to each shop. Pick a shop below and use the
                Login button at its top.
              </p>
              <p className="mt-2">
                Selling on Haat?{' '}
                <Link to="/login?userType=vendor" className="font-semibold text-brand-700 underline">
                  Login as Vendor
                </Link>
              </p>
            </div>
          </div>
        </section>
      ) : null}
      <AllShops />
    </>
  );
}
