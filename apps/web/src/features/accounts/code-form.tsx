import { OTP_TTL_MINUTES, type OtpPurpose, verifyOtpBody } from '@haat/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage } from '../../lib/form-errors.ts';
import { authApi } from './auth-api.ts';
import type { AuthTarget } from './auth-target.ts';
import { codeComplete, emptyCode, focusFirstDigit, OtpInput } from './otp-input.tsx';
import { ResendControl } from './resend-control.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

type Message = { tone: 'error' | 'info'; text: string } | null;

/**
 * Six boxes, Verify & Continue, and the resend countdown: verifies an email (VERIFY_EMAIL) or signs in with
 * a code (LOGIN). A wrong, expired or locked code keeps the user here with the server's words.
 */
export function CodeForm({
  target,
  email,
  purpose,
  remember = false,
  resendAfter,
  notice,
  guestName,
}: {
  target: AuthTarget;
  email: string;
  purpose: Extract<OtpPurpose, 'VERIFY_EMAIL' | 'LOGIN'>;
  remember?: boolean;
  /** Seconds before Resend Code shows, when the code went out earlier than this page. */
  resendAfter?: number;
  /** A first message, e.g. that a code was already sent a moment ago. */
  notice?: string;
  /** A guest's code (decision 0031): verified and resent by the guest calls, with this name. */
  guestName?: string;
}) {
  const [code, setCode] = useState(emptyCode);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message>(notice ? { tone: 'info', text: notice } : null);
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const finish = useFinishSignIn(target);
  const complete = codeComplete(code);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || pending) return;
    const parsed = verifyOtpBody.safeParse({
      verification_field: email,
      otp: code.join(''),
      verification_type: 'email',
      role_name: target.role,
      purpose,
      remember,
    });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Enter the 6-digit code' });
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const otp = parsed.data.otp;
      finish(
        guestName === undefined
          ? await authApi.verifyOtp(parsed.data, target)
          : await authApi.guestVerify({ email, otp }, target.storeOrigin),
      );
    } catch (err) {
      setMessage({ tone: 'error', text: formFailureMessage(err) });
      setCode(emptyCode());
      setPending(false);
      requestAnimationFrame(() => focusFirstDigit(formRef.current));
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <OtpInput
        value={code}
        onChange={(next) => {
          setCode(next);
          if (message?.tone === 'error') setMessage(null);
        }}
        disabled={pending}
        invalid={message?.tone === 'error'}
        describedBy={hintId}
        autoFocus
      />
      <p id={hintId} className="text-sm text-slate-500">
        The code expires in {OTP_TTL_MINUTES} minutes
      </p>
      <FormAlert tone={message?.tone}>{message?.text}</FormAlert>
      <button
        type="submit"
        disabled={!complete || pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        Verify & Continue
      </button>
      <div className="flex justify-center">
        <ResendControl
          target={target}
          email={email}
          purpose={purpose}
          onSent={() => {
            setCode(emptyCode());
            focusFirstDigit(formRef.current);
          }}
          onMessage={setMessage}
          initialWait={resendAfter}
          send={
            guestName === undefined
              ? undefined
              : () => authApi.guestStart({ email, name: guestName }, target.storeOrigin)
          }
        />
      </div>
    </form>
  );
}
