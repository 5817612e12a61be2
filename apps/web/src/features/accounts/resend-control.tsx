import type { OtpPurpose } from '@haat/contracts';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage } from '../../lib/form-errors.ts';
import { authApi, resendWait } from './auth-api.ts';
import type { AuthTarget } from './auth-target.ts';
import { formatCountdown, useResendCountdown } from './use-resend-countdown.ts';

/** The spec's resend wait (01 §9); the server enforces the same 30 s. */
export const RESEND_SECONDS = 30;

/**
 * "Resend code in 0:29", then a Resend Code button that asks for a new code and restarts the wait.
 * `onSent` clears the boxes; `onMessage` shows the outcome beside the form.
 */
export function ResendControl({
  target,
  email,
  purpose,
  onSent,
  onMessage,
  initialWait = RESEND_SECONDS,
  send,
}: {
  target: AuthTarget;
  email: string;
  purpose: OtpPurpose;
  onSent: () => void;
  onMessage: (m: { tone: 'error' | 'info'; text: string }) => void;
  /** Seconds before the first resend (less when the code went out a little earlier). */
  initialWait?: number;
  /** Asks for the new code another way than send-otp (a guest's, decision 0031). */
  send?: () => Promise<{ resend_after_seconds: number }>;
}) {
  const { remaining, restart } = useResendCountdown(RESEND_SECONDS, initialWait);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const sent = send
        ? await send()
        : await authApi.sendOtp({ email, role_name: target.role, purpose }, target);
      restart(sent.resend_after_seconds || RESEND_SECONDS);
      onSent();
      onMessage({ tone: 'info', text: `We sent a new code to ${email}.` });
    } catch (err) {
      const wait = resendWait(err);
      if (wait) restart(wait);
      onMessage({ tone: 'error', text: formFailureMessage(err) });
    } finally {
      setSending(false);
    }
  };

  if (remaining > 0) {
    return (
      <p className="text-sm text-slate-600" aria-live="off">
        Resend code in <span className="font-semibold tabular-nums">{formatCountdown(remaining)}</span>
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={resend}
      disabled={sending}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
    >
      {sending ? <Spinner /> : <RotateCw aria-hidden className="size-4" />}
      Resend Code
    </button>
  );
}
