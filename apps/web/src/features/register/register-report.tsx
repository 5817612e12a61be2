import { differenceText, type RegisterReport, registerFigureLines } from '@haat/contracts';
import { FileText, Printer } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatAmount, formatDateTime, formatTime } from '../../lib/format.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';

/** The difference in words and colour: short in red, over in green, none in the text's own colour. */
export function Difference({ amount }: { amount: number }) {
  const tone = amount < 0 ? 'text-red-700' : amount > 0 ? 'text-emerald-700' : 'text-slate-900';
  return <span className={`font-semibold ${tone}`}>{differenceText(amount, formatAmount)}</span>;
}

/** Each figure of the expected cash with its count, the count and the difference (the same lines as the PDF). */
export function ReportFigures({ report, size = 'text-sm' }: { report: RegisterReport; size?: string }) {
  const f = report.figures;
  const s = report.session;
  if (!f)
    return <p className="text-sm text-slate-600">The expected cash is shown once the register is closed.</p>;
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-3 py-0.5 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className={`${size} text-slate-800`}>
      {row('Opening float', formatAmount(f.opening_float))}
      {registerFigureLines(f).map((l) => (
        <div key={l.label} className="flex justify-between gap-3 py-0.5">
          <dt>
            {l.sign} {l.label} <span className="text-slate-500">({l.count})</span>
          </dt>
          <dd className="tabular-nums">
            {l.sign === '−' && l.amount ? '−' : ''}
            {formatAmount(l.amount)}
          </dd>
        </div>
      ))}
      <div className="my-1 border-t border-slate-300" />
      {row('Expected cash', formatAmount(s.expected ?? f.expected), true)}
      {s.counted !== null ? row('Counted cash', formatAmount(s.counted), true) : null}
      {s.difference !== null ? (
        <div className="flex justify-between gap-3 py-0.5">
          <dt className="font-semibold">Difference</dt>
          <dd>
            <Difference amount={s.difference} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The closing report as it prints on an 80 mm roll: shop, register, cashier, times, figures, movements, note. */
export function ReportPaper({ report }: { report: RegisterReport }) {
  const s = report.session;
  return (
    <div className="space-y-2 text-slate-900">
      <div className="text-center">
        <p className="font-bold">{report.shop_name}</p>
        <p>Register closing report</p>
        <p>
          {s.register_name} · {s.cashier_name}
        </p>
        <p>
          {formatDateTime(s.opened_at)}
          {s.closed_at ? ` to ${formatTime(s.closed_at)}` : ''}
        </p>
      </div>
      {/* The paper's own size: 11 px on the 80 mm roll, the dialog's text on screen. */}
      <ReportFigures report={report} size="" />
      {report.movements.length ? (
        <div>
          <p className="font-semibold">Cash in and out</p>
          {report.movements.map((m) => (
            <p key={m.id} className="flex justify-between gap-2">
              <span>
                {formatTime(m.created_at)} {m.kind === 'IN' ? 'In' : 'Out'}: {m.reason}
              </span>
              <span className="tabular-nums">
                {m.kind === 'OUT' ? '−' : ''}
                {formatAmount(m.amount)}
              </span>
            </p>
          ))}
        </div>
      ) : null}
      {s.close_note ? <p>Note: {s.close_note}</p> : null}
    </div>
  );
}

/** While a report is shown, printing prints only it, on an 80 mm roll (72 mm printable), as the receipt does. */
function useReportPrintPage() {
  useEffect(() => {
    const style = document.createElement('style');
    style.textContent =
      '#register-print { display: none; } @page { size: 80mm auto; margin: 4mm; } ' +
      '@media print { body > *:not(#register-print) { display: none !important; } ' +
      '#register-print { display: block; width: 72mm; font-size: 11px; color: #000; } }';
    document.head.append(style);
    return () => style.remove();
  }, []);
}

/** Print (80 mm) and PDF of a closing report, with what the printer gets kept outside the page. */
export function ReportActions({ report }: { report: RegisterReport }) {
  useReportPrintPage();
  const files = useAdminDownload();
  const day = report.session.opened_at.slice(0, 10);
  return (
    <div className="grid grid-cols-2 gap-2">
      {createPortal(
        <div id="register-print">
          <ReportPaper report={report} />
        </div>,
        document.body,
      )}
      <button type="button" className={buttonStyles.secondary} onClick={() => window.print()}>
        <Printer aria-hidden className="size-4" /> Print report
      </button>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={files.busy === 'pdf'}
        onClick={() =>
          files.run('pdf', (req) =>
            downloadFile(`/api/admin/register/${report.session.id}/report.pdf`, `register-${day}.pdf`, {
              ...req,
              errorMessage: 'The report could not be made',
            }),
          )
        }
      >
        {files.busy === 'pdf' ? <Spinner /> : <FileText aria-hidden className="size-4" />} PDF
      </button>
    </div>
  );
}
