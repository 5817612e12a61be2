import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useRegisterReport } from './register-api.ts';
import { ReportActions, ReportPaper } from './register-report.tsx';

/** One register's closing report from the history, with Print (80 mm) and PDF. */
export function ReportDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const report = useRegisterReport(id);
  const r = report.data;
  return (
    <Dialog
      open={!!id}
      onClose={onClose}
      title="Register report"
      description={r ? r.session.register_name : undefined}
    >
      {!r || r.session.id !== id ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="max-h-[55vh] overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm">
            <ReportPaper report={r} />
          </div>
          <ReportActions report={r} />
        </div>
      )}
    </Dialog>
  );
}
