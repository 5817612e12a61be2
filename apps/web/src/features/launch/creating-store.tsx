import { OPEN_STORE_STATUSES, type StoreStatus } from '@haat/contracts/constants';
import { RefreshCw, Store, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { queryApi } from '../../lib/api.ts';
import { type MyShop, useMyShop } from '../template-editor/index.ts';
import { ownerPreviewPath, shopAddress } from './shop-address.ts';

/** The loader shows at least this long, so the step is seen; the spec's 9 s is an upper bound, not a wait. */
const MIN_LOADER_MS = 2000;
const GIVE_UP_MS = 30_000;
const POLL_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Does the shop answer yet: publicly when open, to its owner when a draft. */
async function answers(shop: MyShop, open: boolean): Promise<boolean> {
  try {
    if (open) {
      const res = await fetch(`/api/store/store/${encodeURIComponent(shop.slug)}/`, {
        headers: { accept: 'application/json' },
      });
      return res.status === 200;
    }
    await queryApi('/api/store/stores/home/', { storeOrigin: shop.slug, silent: true });
    return true;
  } catch {
    return false;
  }
}

/** Polls until the shop answers, then leaves for its address; after 30 s it says so and offers Retry. */
function useWhenReady(shop: MyShop | null | undefined, attempt: number, platformDomain: string) {
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the polling on Retry
  useEffect(() => {
    if (!shop) return;
    let stopped = false;
    const open = OPEN_STORE_STATUSES.includes(shop.online_status as StoreStatus);
    const target = open ? shopAddress(shop.plan, shop.slug, platformDomain) : ownerPreviewPath(shop.slug);
    const started = Date.now();
    setFailed(false);
    void (async () => {
      while (!stopped && Date.now() - started < GIVE_UP_MS) {
        if (await answers(shop, open)) {
          await sleep(Math.max(0, MIN_LOADER_MS - (Date.now() - started)));
          if (!stopped) window.location.assign(target);
          return;
        }
        await sleep(POLL_MS);
      }
      if (!stopped) setFailed(true);
    })();
    return () => {
      stopped = true;
    };
  }, [shop, attempt, platformDomain]);
  return failed;
}

/** Creating-store (01 §2): "Setting Up your store", then a full page load to the shop once it answers. */
export function CreatingStore({ storeId }: { storeId: string }) {
  useDocumentTitle('Setting Up your store');
  const host = useHost();
  const shop = useMyShop(storeId);
  const [attempt, setAttempt] = useState(0);
  const failed = useWhenReady(shop.data, attempt, host.platformDomain);

  if (failed || shop.isError || (shop.isSuccess && !shop.data)) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <TriangleAlert aria-hidden className="size-10 text-red-600" />
        <h1 className="text-2xl font-semibold text-slate-900">Your shop is not answering yet</h1>
        <p className="max-w-md text-slate-600">
          Your settings are saved, but we could not reach your shop. Please try again in a moment.
        </p>
        <button
          type="button"
          className={buttonStyles.primary}
          onClick={() => {
            if (shop.isError || !shop.data) void shop.refetch();
            setAttempt((a) => a + 1);
          }}
        >
          <RefreshCw aria-hidden className="size-4" />
          Retry
        </button>
      </main>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-gradient-to-br from-brand-50 to-white px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-lg">
        <Store aria-hidden className="size-8" />
      </span>
      <div role="status" className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Setting Up your store</h1>
        <p className="flex items-center justify-center gap-2 text-slate-600">
          <Spinner className="size-5 text-brand-600" />
          {shop.data ? `Getting ${shop.data.store_name} ready…` : 'Please wait...'}
        </p>
      </div>
    </main>
  );
}
