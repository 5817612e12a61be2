import { CheckCircle2, FileUp, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { sendWithProgress } from '../../lib/raw-request.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { FormProblem } from './form-field.tsx';
import type { ImportReport } from './inventory-api.ts';
import { useRefreshShop, useShopSlug } from './inventory-api.ts';

const COLUMNS =
  'handle, sku, product_name, option1_name, option1_value, option2_name, option2_value, option3_name, option3_value, category, supplier, unit, cost_price, selling_price, sale_price, stock, low_stock_threshold, gst_percent, hsn_code, barcode, shipping_charge, free_shipping, brand, description';
const count = new Intl.NumberFormat('en-IN');
/** The server checks and writes a big file in one go: allow it time. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

type Step =
  | { kind: 'choose'; problem?: string }
  | { kind: 'working'; phase: 'check' | 'apply'; file: File; rows: number; progress: number }
  | { kind: 'preview'; file: File; text: string; report: ImportReport; problem?: string }
  | { kind: 'done'; report: ImportReport };

/** What went wrong, said inside the dialog (a toast would sit behind its backdrop). */
const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message ? err.message : fallback;

/** Rows in the file (lines after the header that are not blank); only for the progress text. */
const countRows = (text: string) =>
  Math.max(0, text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1);

/** "1 row", "2 rows", "1,200 rows": counts in words with the right plural. */
const nRows = (n: number) => `${count.format(n)} ${n === 1 ? 'row' : 'rows'}`;
const nProducts = (n: number) => `${count.format(n)} ${n === 1 ? 'product' : 'products'}`;

function Progress({ phase, rows, progress }: { phase: 'check' | 'apply'; rows: number; progress: number }) {
  const uploading = progress < 1;
  const label = uploading
    ? `Uploading ${nRows(rows)}`
    : phase === 'check'
      ? `Checking ${nRows(rows)}`
      : `Importing ${nRows(rows)}`;
  return (
    <div role="status" className="space-y-2 py-4">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Spinner />
        {label}
        {uploading ? ` (${Math.round(progress * 100)}%)` : '…'}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploading ? Math.round(progress * 100) : undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] ${uploading ? '' : 'animate-pulse'}`}
          style={{ width: `${uploading ? progress * 100 : 100}%` }}
        />
      </div>
    </div>
  );
}

function IssuesTable({
  rows,
  caption,
  what = 'Problem',
}: {
  rows: ImportReport['issues'];
  caption: string;
  what?: string;
}) {
  return (
    <div className="max-h-72 overflow-auto rounded-lg ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Line
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Column
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {what}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((issue, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line can have several issues in one column
            <tr key={`${issue.line}-${issue.column}-${i}`}>
              <td className="px-3 py-2 tabular-nums">{issue.line}</td>
              <td className="px-3 py-2 font-mono text-xs">{issue.column}</td>
              <td className="px-3 py-2 text-slate-700">{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The import's steps: choose a file, its dry run, the preview, the import, done. */
function useImport() {
  const slug = useShopSlug();
  const { session } = useSession();
  const refresh = useRefreshShop();
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  const send = (text: string, dryRun: boolean, onProgress: (p: number) => void) =>
    sendWithProgress<ImportReport>('POST', `/api/admin/product/import/?dry_run=${dryRun}`, text, {
      token: session?.accessToken,
      storeOrigin: slug,
      contentType: 'text/csv',
      onProgress,
      timeoutMs: IMPORT_TIMEOUT_MS,
      errorMessage: dryRun ? 'The file could not be checked' : 'The file could not be imported',
      silent: true,
    });

  const check = async (file: File) => {
    const text = await file.text();
    const rows = countRows(text);
    setStep({ kind: 'working', phase: 'check', file, rows, progress: 0 });
    try {
      const report = await send(text, true, (progress) =>
        setStep((s) => (s.kind === 'working' ? { ...s, progress } : s)),
      );
      setStep({ kind: 'preview', file, text, report });
    } catch (err) {
      setStep({ kind: 'choose', problem: failure(err, 'The file could not be checked') });
    }
  };

  const apply = async (file: File, text: string, report: ImportReport) => {
    setStep({ kind: 'working', phase: 'apply', file, rows: report.valid_rows, progress: 0 });
    try {
      const done = await send(text, false, (progress) =>
        setStep((s) => (s.kind === 'working' ? { ...s, progress } : s)),
      );
      void refresh();
      setStep({ kind: 'done', report: done });
    } catch (err) {
      setStep({
        kind: 'preview',
        file,
        text,
        report,
        problem: failure(err, 'The file could not be imported'),
      });
    }
  };

  return { step, setStep, check, apply };
}

function DoneStep({ report: r, onClose }: { report: ImportReport; onClose: () => void }) {
  return (
    <div className="space-y-5">
      <p
        role="status"
        className="flex gap-3 rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200"
      >
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>
          Imported {nProducts(r.created + r.updated)}: {count.format(r.created)} added and{' '}
          {count.format(r.updated)} updated.
          {r.issues.length
            ? ` ${nRows(r.total_rows - r.valid_rows)} with problems ${
                r.total_rows - r.valid_rows === 1 ? 'was' : 'were'
              } skipped.`
            : ''}
        </span>
      </p>
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className={buttonStyles.primary} data-autofocus>
          Done
        </button>
      </div>
    </div>
  );
}

function PreviewStep({
  step,
  onBack,
  onApply,
}: {
  step: Extract<Step, { kind: 'preview' }>;
  onBack: () => void;
  onApply: () => void;
}) {
  const { report, file } = step;
  const bad = report.total_rows - report.valid_rows;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{file.name}</span>: {nRows(report.total_rows)},{' '}
        <span className="font-semibold text-emerald-700">{count.format(report.valid_rows)} ready</span>
        {bad > 0 ? (
          <>
            , <span className="font-semibold text-red-700">{count.format(bad)} with problems</span>
          </>
        ) : null}
        . Nothing has been saved yet.
      </p>
      {report.issues.length ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-amber-800">
            <TriangleAlert aria-hidden className="size-4 shrink-0" />
            These rows will be skipped. Fix them in the file and import it again, or import the rest now.
          </p>
          <IssuesTable rows={report.issues} caption="Rows that will not be imported" />
        </>
      ) : null}
      {report.notices.length ? (
        <>
          <p className="text-sm font-medium text-slate-700">
            New categories: they are added when you import. Check the spelling first.
          </p>
          <IssuesTable rows={report.notices} caption="New categories to check" what="Note" />
        </>
      ) : null}
      <FormProblem>{step.problem}</FormProblem>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onBack} className={buttonStyles.secondary}>
          Choose another file
        </button>
        <button
          type="button"
          onClick={onApply}
          disabled={report.valid_rows === 0}
          className={buttonStyles.primary}
          data-autofocus
        >
          Import {count.format(report.valid_rows)} valid {report.valid_rows === 1 ? 'row' : 'rows'}
        </button>
      </div>
    </div>
  );
}

function ChooseStep({ problem, onFile }: { problem?: string; onFile: (file: File) => void }) {
  const inputId = useId();
  return (
    <div className="space-y-4">
      <FormProblem>{problem}</FormProblem>
      <label
        htmlFor={inputId}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center hover:border-brand-500 hover:bg-slate-50 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100"
      >
        <FileUp aria-hidden className="size-8 text-slate-400" />
        <span className="font-semibold text-brand-700">Choose a CSV file</span>
        <span className="text-xs text-slate-500">
          Each row is checked first; nothing is saved until you confirm.
        </span>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          data-autofocus
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
          className="sr-only"
        />
      </label>
      <div className="text-sm text-slate-600">
        <p>
          Products are matched by handle (the product's SKU): a known one is updated, a new one is added. A
          product with options (size, colour) has one row per variant, all with its handle, each with its
          option values and its own SKU, prices and stock; variants not in the file stay as they are. A
          product's rows are imported together. The easiest start is an Export of your inventory, edited and
          imported back.
        </p>
        <p className="mt-2">
          Columns: <span className="font-mono text-xs break-words text-slate-800">{COLUMNS}</span>. Required:
          sku, product_name, category, cost_price, selling_price and stock (handle and options only for
          products with options).
        </p>
      </div>
    </div>
  );
}

function ImportFlow({ onClose }: { onClose: () => void }) {
  const { step, setStep, check, apply } = useImport();
  const boxRef = useRef<HTMLDivElement>(null);
  // Each step replaces the controls: move focus to the step's main control so the keyboard is not lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    boxRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step.kind]);
  return (
    <div ref={boxRef}>
      {step.kind === 'working' ? (
        <Progress phase={step.phase} rows={step.rows} progress={step.progress} />
      ) : step.kind === 'done' ? (
        <DoneStep report={step.report} onClose={onClose} />
      ) : step.kind === 'preview' ? (
        <PreviewStep
          step={step}
          onBack={() => setStep({ kind: 'choose' })}
          onApply={() => void apply(step.file, step.text, step.report)}
        />
      ) : (
        <ChooseStep problem={step.problem} onFile={(file) => void check(file)} />
      )}
    </div>
  );
}

/** Import products from CSV: a dry run lists every problem by line and column, then the valid rows are applied. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import products" size="max-w-2xl">
      <ImportFlow onClose={onClose} />
    </Dialog>
  );
}
