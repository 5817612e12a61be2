import { useState } from 'react';
import type { FileRequest } from './download.ts';
import { useSelectedShop } from './selected-shop.tsx';
import { useSession } from './session/session-context.tsx';

/**
 * A back-office file job (export, invoice, packing slips) for the selected shop: `run(key, job)` hands the job the
 * token and shop, marks `key` busy meanwhile, and leaves failures to the download helper's toasts.
 */
export function useAdminDownload() {
  const { shop } = useSelectedShop();
  const { session } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, job: (req: FileRequest) => Promise<unknown>) => {
    if (!shop) return;
    setBusy(key);
    try {
      await job({ token: session?.accessToken, storeOrigin: shop.slug });
    } catch {
      // Announced by the download helper.
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
