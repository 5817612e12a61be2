import { ArrowDownToLine, ArrowUpFromLine, History, Lock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { formatAmount, formatTime } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { CloseRegisterDialog } from './close-dialog.tsx';
import { type RegisterSession, useCurrentRegister } from './register-api.ts';
import { MovementDialog, OpenRegisterDialog } from './register-dialogs.tsx';

type Open = 'open' | 'IN' | 'OUT' | null;

/**
 * The point of sale's register bar (issue 38): with no register open, cash sales are counted in no drawer and the
 * cashier may open one; with one open, its name, time and float, with Cash in, Cash out and Close register.
 */
export function RegisterBar() {
  const current = useCurrentRegister();
  const history = useCan('register.history');
  const [dialog, setDialog] = useState<Open>(null);
  // The session being closed stays here: once closed it is no longer current, and its report is still shown.
  const [closing, setClosing] = useState<RegisterSession | null>(null);
  const session = current.data?.session ?? null;
  const close = () => setDialog(null);
  if (current.isPending) return null;
  return (
    <section
      aria-label="Cash register"
      className={`flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center sm:justify-between ${
        session ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'
      }`}
    >
      <p className="flex items-start gap-2 text-sm text-slate-800">
        <Wallet aria-hidden className="mt-0.5 size-4 shrink-0" />
        {session ? (
          <OpenText session={session} />
        ) : (
          'No register open: cash sales are not counted in a drawer.'
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        {session ? (
          <>
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('IN')}>
              <ArrowDownToLine aria-hidden className="size-4" /> Cash in
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('OUT')}>
              <ArrowUpFromLine aria-hidden className="size-4" /> Cash out
            </button>
            <button type="button" className={buttonStyles.primary} onClick={() => setClosing(session)}>
              <Lock aria-hidden className="size-4" /> Close register
            </button>
          </>
        ) : (
          <button type="button" className={buttonStyles.primary} onClick={() => setDialog('open')}>
            Open register
          </button>
        )}
        {history ? (
          <Link to="/registers/" className={buttonStyles.ghost}>
            <History aria-hidden className="size-4" /> Registers
          </Link>
        ) : null}
      </div>
      <OpenRegisterDialog open={dialog === 'open'} onClose={close} />
      {session ? (
        <MovementDialog
          session={session}
          kind={dialog === 'IN' ? 'IN' : 'OUT'}
          open={dialog === 'IN' || dialog === 'OUT'}
          onClose={close}
        />
      ) : null}
      {closing ? <CloseRegisterDialog session={closing} open onClose={() => setClosing(null)} /> : null}
    </section>
  );
}

function OpenText({ session }: { session: RegisterSession }) {
  return (
    <span>
      <strong>{session.register_name}</strong> open since {formatTime(session.opened_at)}, float{' '}
      {formatAmount(session.opening_float)}
    </span>
  );
}
