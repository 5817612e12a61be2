// Kit: the back office's empty state for a vendor who has no shop yet (built on EmptyState).
import { Store } from 'lucide-react';
import { useHost } from '../../app/host.tsx';
import { platformUrl } from '../../lib/site-urls.ts';
import { buttonStyles } from './button-styles.ts';
import { EmptyState } from './empty-state.tsx';

/** Shown on a shop's screens when the signed-in vendor has no shop yet. */
export function NoShop() {
  const { platformDomain } = useHost();
  return (
    <EmptyState
      className="mx-auto mt-16 max-w-md"
      headingLevel={1}
      icon={<Store aria-hidden className="size-6" />}
      title="You don't have a shop yet"
      description="Register your shop to start adding products."
      action={
        <a href={platformUrl(platformDomain, '/shopregistration')} className={buttonStyles.primary}>
          Register your shop
        </a>
      }
    />
  );
}
