import type { gstr1Preview } from '@haat/contracts';
import { ChevronDown, FileJson, FileSpreadsheet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
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
const HINT: Record<Format, string> = {
  json: "The GST portal's upload file",
  csv: 'The same tables, for your accountant',
};
export const monthName = (month: string) =>
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

/** The disclosure's open state: closed by a click outside it or Escape (focus back on its button). */
function useDisclosure() {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      ref.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { ref, open, setOpen };
}

/**
 * GSTR-1 as one button that opens its two files (JSON for the portal, CSV for the accountant), so the report
 * row fits beside the page's title on a laptop and in two columns on a phone; and the dialog that lists what to
 * fix before a download.
 */
export function Gstr1Downloads({ month, blocked }: { month: string; blocked: boolean }) {
  const g = useGstr1Download(month);
  const d = useDisclosure();
  const working = g.working('json') || g.working('csv');
  const panelId = useId();
  return (
    <>
      <div ref={d.ref} className="relative">
        <button
          type="button"
          aria-expanded={d.open}
          aria-controls={panelId}
          onClick={() => d.setOpen(!d.open)}
          className={`${buttonStyles.secondary} w-full px-3! whitespace-nowrap`}
        >
          {working ? <Spinner /> : <FileJson aria-hidden className="size-4" />}
          GSTR-1
          <ChevronDown aria-hidden className={`size-4 ${d.open ? 'rotate-180' : ''}`} />
        </button>
        <div
          id={panelId}
          hidden={!d.open}
          className="absolute right-0 z-20 mt-2 w-60 space-y-1 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
        >
          {(['json', 'csv'] as const).map((format) => (
            <button
              key={format}
              type="button"
              aria-label={LABEL[format]}
              aria-describedby={`${panelId}-${format}`}
              onClick={() => {
                d.setOpen(false);
                void g.start(format);
              }}
              disabled={blocked || g.anyBusy}
              className={`${buttonStyles.ghost} w-full justify-start px-3 text-left`}
            >
              {format === 'json' ? (
                <FileJson aria-hidden className="size-4 shrink-0" />
              ) : (
                <FileSpreadsheet aria-hidden className="size-4 shrink-0" />
              )}
              <span>
                {LABEL[format]}
                <span id={`${panelId}-${format}`} className="block text-xs font-normal text-slate-500">
                  {HINT[format]}
                </span>
              </span>
            </button>
          ))}
        </div>
      </div>
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
