import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { filterControlClass } from '../../components/ui/filter-bar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { Gstr1Downloads } from './gstr1-downloads.tsx';
import { Gstr3bButton } from './gstr3b-dialog.tsx';
import type { TransactionListQuery } from './transactions-api.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Export Report (the filtered payments as CSV), and the month's GST summary, GSTR-1 (JSON, CSV) and GSTR-3B (its
 * figures and the portal's JSON) for filing.
 */
export function ReportButtons({ query }: { query: TransactionListQuery }) {
  const { busy, run } = useAdminDownload();
  const [month, setMonth] = useState(() => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7));
  const exportCsv = () => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && k !== 'limit' && k !== 'offset') q.set(k, String(v));
    return run('export', (req) =>
      downloadFile(`/api/admin/transaction/export.csv?${q}`, `transactions-${today()}.csv`, {
        ...req,
        errorMessage: 'The export failed',
      }),
    );
  };
  const summary = () => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    return run('gst', (req) =>
      downloadFile(`/api/admin/transaction/gst-summary.csv?month=${month}`, `gst-${month}.csv`, {
        ...req,
        errorMessage: 'The GST summary could not be made',
      }),
    );
  };
  const blocked = busy !== null;
  return (
    <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[auto_auto_auto_auto] sm:justify-end">
      <label className="col-span-2 block min-w-0 text-sm font-medium text-slate-800 sm:col-span-1">
        GST month
        <input
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          className={`${filterControlClass} sm:w-40`}
        />
      </label>
      <button
        type="button"
        onClick={summary}
        disabled={blocked}
        className={`${buttonStyles.secondary} px-3! whitespace-nowrap`}
      >
        {busy === 'gst' ? <Spinner /> : <FileText aria-hidden className="size-4" />}
        GST summary
      </button>
      <Gstr1Downloads month={month} blocked={blocked} />
      <Gstr3bButton month={month} blocked={blocked} />
      <button
        type="button"
        onClick={exportCsv}
        disabled={blocked}
        className={`${buttonStyles.secondary} px-3.5 whitespace-nowrap sm:col-span-4 sm:justify-self-end`}
      >
        {busy === 'export' ? <Spinner /> : <Download aria-hidden className="size-4" />}
        Export Report
      </button>
    </div>
  );
}
