import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { announceFailure } from '../../lib/api.ts';
import { useSession } from '../../lib/session/session-context.tsx';

/** Download the order's tax invoice (the customer's own order only; the server checks). */
export function InvoiceDownload({
  slug,
  orderId,
  number,
}: {
  slug: string;
  orderId: string;
  number: string;
}) {
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/store/store-user/store-order/${encodeURIComponent(orderId)}/invoice/`, {
        headers: { 'store-origin': slug, authorization: `Bearer ${session?.accessToken ?? ''}` },
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        announceFailure(res.status, body?.message, 'The invoice could not be downloaded');
        return;
      }
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = `${number.replaceAll('/', '-')}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch {
      announceFailure(0, undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline"
    >
      {busy ? <Spinner /> : <FileText aria-hidden className="size-4" />}
      Download invoice {number}
    </button>
  );
}
