import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ListPager } from '../../components/ui/pager.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type PlatformShop, useShopAudit } from './platform-api.ts';

const PAGE = 20;

/** A shop's audit trail, newest first, for the operator: who changed what, the platform's own actions included. */
export function ShopAuditDialog({ shop, onClose }: { shop: PlatformShop | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const trail = useShopAudit(shop?.id ?? null, (page - 1) * PAGE);
  if (!shop) return null;
  const rows = trail.data?.results ?? [];
  return (
    <Dialog open onClose={onClose} title={`Audit trail: ${shop.store_name}`} size="max-w-2xl">
      {trail.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="size-6" />
        </div>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">Nothing recorded for this shop yet.</p>
      ) : (
        <ol className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto" aria-label="Audit events">
          {rows.map((e) => (
            <li key={e.id} className="py-2.5 text-sm">
              <p className="text-slate-900">{e.summary}</p>
              <p className="text-xs text-slate-500">
                {formatDateTime(e.created_at)} · {e.actor_name}
              </p>
            </li>
          ))}
        </ol>
      )}
      {trail.data && trail.data.count > PAGE ? (
        <div className="mt-3">
          <ListPager page={page} pageSize={PAGE} total={trail.data.count} noun="events" onPage={setPage} />
        </div>
      ) : null}
    </Dialog>
  );
}
