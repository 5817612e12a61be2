import { ShopRegistrationWizard } from '../../features/shop-registration/shop-registration-wizard.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { fullName } from '../../lib/session/session-storage.ts';

/** /shopregistration (vendors, guarded by RequireRole): the five-step shop registration wizard. */
export function ShopRegistrationPage() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <div className="bg-slate-50 px-3 pt-24 pb-16 sm:px-6 sm:pt-28 lg:px-8">
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Signed in as {fullName(session)}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Register your shop
          </h1>
          <p className="mt-1 text-slate-600">Five short steps, then you design your shop's pages.</p>
        </div>
        <ShopRegistrationWizard />
      </div>
    </div>
  );
}
