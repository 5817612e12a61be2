import type { Gstr3bPreview } from '@haat/contracts';
import { FileJson, ReceiptIndianRupee } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { adminCall, useSelectedShop } from '../../lib/selected-shop.tsx';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { monthName } from './gstr1-downloads.tsx';
import { CreditSection, OutwardSection, ProblemsSection, SetOffSection } from './gstr3b-sections.tsx';

/**
 * GSTR-3B of a month (`/transaction/gstr3b/`): opened in a dialog with its outward supplies, its input tax credit,
 * the tax set off against it and the cash to pay, what was not claimed; and the portal's JSON file to download. A
 * shop without a GSTIN hears the server's 409 message and gets no dialog.
 */
function useGstr3b(month: string) {
  const { shop } = useSelectedShop();
  const { busy, run } = useAdminDownload();
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<Gstr3bPreview | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const show = async () => {
    if (!shop || !/^\d{4}-\d{2}$/.test(month)) return;
    const ask = ++asked.current;
    setData(null);
    setLoading(true);
    setOpen(true);
    try {
      const r = await adminCall<Gstr3bPreview>(shop.slug, '/transaction/gstr3b/', {
        query: { month },
        errorMessage: 'GSTR-3B could not be made',
      });
      if (ask === asked.current) setData(r);
    } catch {
      // Announced by the request helper (the 409 says the shop has no GSTIN).
      if (ask === asked.current) setOpen(false);
    } finally {
      if (ask === asked.current) setLoading(false);
    }
  };
  const download = () =>
    run('gstr3b-json', (req) =>
      downloadFile(`/api/admin/transaction/gstr3b.json?month=${month}`, `GSTR3B-${month}.json`, {
        ...req,
        errorMessage: 'GSTR-3B could not be made',
      }),
    );
  const close = () => {
    asked.current += 1;
    setOpen(false);
    setLoading(false);
  };
  return { open, data, loading, show, close, download, downloading: busy === 'gstr3b-json' };
}

/** The report row's GSTR-3B button and its dialog. */
export function Gstr3bButton({ month, blocked }: { month: string; blocked: boolean }) {
  const g = useGstr3b(month);
  return (
    <>
      <button
        type="button"
        onClick={() => void g.show()}
        disabled={blocked || g.loading}
        className={`${buttonStyles.secondary} px-3! whitespace-nowrap`}
      >
        {g.loading ? <Spinner /> : <ReceiptIndianRupee aria-hidden className="size-4" />}
        GSTR-3B
      </button>
      <Dialog
        open={g.open}
        onClose={g.close}
        size="max-w-2xl"
        title={`GSTR-3B for ${monthName(month)}`}
        description="What you declare and pay for the month, from your invoices, credit notes, supplier bills and expenses."
      >
        {g.data ? (
          <Gstr3bBody data={g.data} />
        ) : (
          <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
            <Spinner /> Preparing GSTR-3B…
          </p>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={g.close} className={buttonStyles.ghost}>
            Close
          </button>
          <button
            type="button"
            onClick={() => void g.download()}
            disabled={!g.data || g.downloading}
            data-autofocus
            className={buttonStyles.primary}
          >
            {g.downloading ? <Spinner /> : <FileJson aria-hidden className="size-4" />}
            Download JSON
          </button>
        </div>
      </Dialog>
    </>
  );
}

function Gstr3bBody({ data }: { data: Gstr3bPreview }) {
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500">
        GSTIN {data.gstin}, return period {data.ret_period}. Amounts in rupees.
      </p>
      <ProblemsSection problems={data.problems} />
      <OutwardSection r={data} />
      <CreditSection r={data} />
      <SetOffSection r={data} />
    </div>
  );
}
