import { Store } from 'lucide-react';
import { useHost } from '../../app/host.tsx';
import { platformUrl } from '../../lib/site-urls.ts';
import { buttonStyles } from './button-styles.ts';

/** Shown on a shop's screens when the signed-in vendor has no shop yet. */
export function NoShop() {
  const { platformDomain } = useHost();
  return (
    <div className="mx-auto mt-16 max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Store aria-hidden className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-bold text-slate-900">You don't have a shop yet</h1>
      <p className="mt-2 text-slate-600">Register your shop to start adding products.</p>
      <a href={platformUrl(platformDomain, '/shopregistration')} className={`${buttonStyles.primary} mt-6`}>
        Register your shop
      </a>
    </div>
  );
}
