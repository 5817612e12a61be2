import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
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
      await downloadFile(
        `/api/store/store-user/store-order/${encodeURIComponent(orderId)}/invoice/`,
        `${number.replaceAll('/', '-')}.pdf`,
        {
          token: session?.accessToken,
          storeOrigin: slug,
          errorMessage: 'The invoice could not be downloaded',
        },
      );
    } catch {
      // Announced by the download helper.
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
