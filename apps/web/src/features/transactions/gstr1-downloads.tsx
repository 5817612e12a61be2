import type { gstr1Preview } from '@haat/contracts';
import { FileJson, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { adminCall, useSelectedShop } from '../../lib/selected-shop.tsx';
import { useAdminDownload } from '../../lib/use-admin-download.ts';

type Gstr1Preview = z.infer<typeof gstr1Preview>;
type Format = 'json' | 'csv';
const LABEL: Record<Format, string> = { json: 'GSTR-1 (JSON)', csv: 'GSTR-1 (CSV)' };
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What to fix before uploading, with the download it stands before. */
interface Held {
  format: Format;
  problems: string[];
}

/**
 * GSTR-1 of a month as the GST portal's JSON or the accountant's CSV. The month is read first
 * (`/transaction/gstr1/`): a shop without a GSTIN hears the server's 409 message and gets no file, and what
 * to fix (invoice lines without an HSN code) is shown before the file, which can still be downloaded.
 */
export function useGstr1Download(month: string) {
  const { shop } = useSelectedShop();
  const { busy, run } = useAdminDownload();
  const [checking, setChecking] = useState<Format | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const download = (format: Format) =>
    run(`gstr1-${format}`, (req) =>
      downloadFile(`/api/admin/transaction/gstr1.${format}?month=${month}`, `GSTR1-${month}.${format}`, {
        ...req,
        errorMessage: 'GSTR-1 could not be made',
      }),
    );
  const start = async (format: Format) => {
    if (!shop || !/^\d{4}-\d{2}$/.test(month)) return;
    setChecking(format);
    try {
      const preview = await adminCall<Gstr1Preview>(shop.slug, '/transaction/gstr1/', {
        query: { month },
        errorMessage: 'GSTR-1 could not be made',
      });
      if (preview.problems.length) setHeld({ format, problems: preview.problems });
      else await download(format);
    } catch {
      // Announced by the request helper (the 409 says the shop has no GSTIN).
    } finally {
      setChecking(null);
    }
  };
  const working = (format: Format) => checking === format || busy === `gstr1-${format}`;
  const proceed = () => {
    if (!held) return;
    setHeld(null);
    void download(held.format);
  };
  return {
    start,
    working,
    anyBusy: busy !== null || checking !== null,
    held,
    proceed,
    dismiss: () => setHeld(null),
  };
}

/** The two GSTR-1 buttons, and the dialog that lists what to fix before a download. */
export function Gstr1Downloads({ month, blocked }: { month: string; blocked: boolean }) {
  const g = useGstr1Download(month);
  return (
    <>
      {(['json', 'csv'] as const).map((format) => (
        <button
          key={format}
          type="button"
          onClick={() => void g.start(format)}
          disabled={blocked || g.anyBusy}
          className={`${buttonStyles.secondary} px-3.5`}
        >
          {g.working(format) ? (
            <Spinner />
          ) : format === 'json' ? (
            <FileJson aria-hidden className="size-4" />
          ) : (
            <FileSpreadsheet aria-hidden className="size-4" />
          )}
          {LABEL[format]}
        </button>
      ))}
      <Gstr1ProblemsDialog month={month} held={g.held} onDownload={g.proceed} onClose={g.dismiss} />
    </>
  );
}

function Gstr1ProblemsDialog({
  month,
  held,
  onDownload,
  onClose,
}: {
  month: string;
  held: Held | null;
  onDownload: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={held !== null}
      onClose={onClose}
      title={`GSTR-1 for ${monthName(month)}: check before uploading`}
      description="The portal may refuse the file, or your accountant ask, until these are fixed."
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {(held?.problems ?? []).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        Products get their HSN code in Inventory; documents already issued keep the lines they were issued
        with.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonStyles.ghost}>
          Cancel
        </button>
        <button type="button" onClick={onDownload} data-autofocus className={buttonStyles.primary}>
          Download {held ? LABEL[held.format] : 'GSTR-1'} anyway
        </button>
      </div>
    </Dialog>
  );
}
