import type { HostInfo, StoreDetail } from '@haat/contracts';
import {
  Hourglass,
  NotebookPen,
  PowerOff,
  RefreshCw,
  SearchX,
  ShieldAlert,
  TriangleAlert,
  Wrench,
} from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { BackAt, StatusNote, StatusScreen, StoreContacts } from './status-parts.tsx';

type StoreProps = { store: StoreDetail | null; slug: string };
const nameOf = ({ store, slug }: StoreProps) => store?.store_name ?? slug;

export function ShopNotFound({ marketplaceUrl }: { marketplaceUrl: string }) {
  return (
    <StatusScreen icon={<SearchX aria-hidden className="size-8" />} tone="slate" title="Shop Not Found">
      <p>The shop you are looking for does not exist or was removed.</p>
      <p>Check the address, or find another shop on the marketplace.</p>
      <div className="pt-3">
        <a href={marketplaceUrl} className={buttonStyles.primary}>
          Explore shops
        </a>
      </div>
    </StatusScreen>
  );
}

export function ShopLoadError() {
  return (
    <StatusScreen
      icon={<TriangleAlert aria-hidden className="size-8" />}
      tone="red"
      title="Something went wrong"
    >
      <p>We could not load this shop just now. Please try again in a moment.</p>
      <div className="pt-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonStyles.primary}>
          <RefreshCw aria-hidden className="size-4" />
          Try again
        </button>
      </div>
    </StatusScreen>
  );
}

export function ShopOffline(props: StoreProps) {
  return (
    <StatusScreen
      icon={<PowerOff aria-hidden className="size-8" />}
      tone="amber"
      title="Shop is Offline"
      storeName={nameOf(props)}
    >
      <p>This shop is not taking orders right now. Please visit again soon.</p>
      <StatusNote store={props.store} />
      <BackAt store={props.store} />
      <StoreContacts store={props.store} />
    </StatusScreen>
  );
}

export function ShopSuspended(props: StoreProps) {
  return (
    <StatusScreen
      icon={<ShieldAlert aria-hidden className="size-8" />}
      tone="red"
      title="Shop Suspended"
      storeName={nameOf(props)}
    >
      <p>This shop has been suspended and cannot be visited at the moment.</p>
      <p className="text-sm">If you own this shop, please contact platform support to restore it.</p>
    </StatusScreen>
  );
}

export function ShopTemporarilyUnavailable(props: StoreProps) {
  return (
    <StatusScreen
      icon={<Hourglass aria-hidden className="size-8" />}
      tone="blue"
      title="Temporarily Unavailable"
      storeName={nameOf(props)}
    >
      <p>This shop is briefly unavailable while some maintenance is done. Please check back shortly.</p>
      <StatusNote store={props.store} />
      <BackAt store={props.store} />
      <StoreContacts store={props.store} />
    </StatusScreen>
  );
}

export function ShopUnderMaintenance(props: StoreProps) {
  return (
    <StatusScreen
      icon={<Wrench aria-hidden className="size-8" />}
      tone="blue"
      title="Under Maintenance"
      storeName={nameOf(props)}
    >
      <p>We are making improvements to this shop and will be back soon.</p>
      <StatusNote store={props.store} />
      <BackAt store={props.store} lead="Back by" />
      <StoreContacts store={props.store} />
    </StatusScreen>
  );
}

export function ShopInDraft(props: StoreProps) {
  return (
    <StatusScreen
      icon={<NotebookPen aria-hidden className="size-8" />}
      tone="brand"
      title="Shop in Draft"
      storeName={nameOf(props)}
    >
      <p>This shop is still being set up and has not been published yet.</p>
      <p className="text-sm">Please come back once it opens its doors.</p>
    </StatusScreen>
  );
}

/** The screen for a shop that is not open to shoppers, by its status (01 §4). Null when it is open. */
export function StoreStatusScreen({
  status,
  store,
  slug,
  marketplaceUrl,
}: {
  status: HostInfo['storeStatus'];
  store: StoreDetail | null;
  slug: string;
  marketplaceUrl: string;
}) {
  const props = { store, slug };
  switch (status) {
    case 'PUBLISHED':
    case 'ONLINE':
      return store ? null : <ShopNotFound marketplaceUrl={marketplaceUrl} />;
    case 'ERROR':
      return <ShopLoadError />;
    case 'OFFLINE':
      return <ShopOffline {...props} />;
    case 'SUSPENDED':
      return <ShopSuspended {...props} />;
    case 'TEMPORARILY_UNAVAILABLE':
      return <ShopTemporarilyUnavailable {...props} />;
    case 'MAINTENANCE':
      return <ShopUnderMaintenance {...props} />;
    case 'DRAFT':
    case 'UNPUBLISHED':
      return <ShopInDraft {...props} />;
    default:
      return <ShopNotFound marketplaceUrl={marketplaceUrl} />;
  }
}
