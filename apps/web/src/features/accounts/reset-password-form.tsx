import { OTP_TTL_MINUTES, resetPasswordBody } from '@haat/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FieldError, FormAlert, PasswordField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type FieldErrors, formFailureMessage, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { authApi, withPasswordMatch } from './auth-api.ts';
import type { AuthTarget } from './auth-target.ts';
import { codeComplete, emptyCode, focusFirstDigit, OtpInput } from './otp-input.tsx';
import { ResendControl } from './resend-control.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

type Message = { tone: 'error' | 'info'; text: string } | null;

/** The reset code, a new password and its confirmation; success signs the user in. */
export function ResetPasswordForm({
  target,
  email,
  resendAfter,
  notice,
}: {
  target: AuthTarget;
  email: string;
  resendAfter?: number;
  notice?: string;
}) {
  const finish = useFinishSignIn(target);
  const [code, setCode] = useState(emptyCode);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>(notice ? { tone: 'info', text: notice } : null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const codeHintId = useId();
  const codeErrorId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(
      resetPasswordBody.safeParse({
        email,
        otp: code.join(''),
        password,
        confirm_password: confirm,
        role_name: target.role,
      }),
    );
    setErrors(withPasswordMatch(invalid, password, confirm) ?? {});
    if (!data) return;
    setPending(true);
    setMessage(null);
    try {
      finish(await authApi.resetPassword(data, target));
    } catch (err) {
      setPending(false);
      const fields = serverFieldErrors(err);
      const codeProblem = !Object.keys(fields).some((f) => f !== 'otp');
      if (!codeProblem) {
        setErrors(fields);
        return;
      }
      setMessage({ tone: 'error', text: formFailureMessage(err) });
      setCode(emptyCode());
      requestAnimationFrame(() => focusFirstDigit(formRef.current));
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <p className="mb-2 text-sm font-medium text-slate-800">Code from the email</p>
        <OtpInput
          value={code}
          onChange={(next) => {
            setCode(next);
            if (errors.otp) setErrors((er) => ({ ...er, otp: '' }));
          }}
          disabled={pending}
          invalid={!!errors.otp || message?.tone === 'error'}
          describedBy={errors.otp ? codeErrorId : codeHintId}
          autoFocus
        />
        <p id={codeHintId} className="mt-2 text-sm text-slate-500">
          The code expires in {OTP_TTL_MINUTES} minutes
        </p>
        <FieldError id={codeErrorId} error={errors.otp} />
      </div>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm_password}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormAlert tone={message?.tone}>{message?.text}</FormAlert>
      <button
        type="submit"
        disabled={!codeComplete(code) || pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        Reset Password
      </button>
      <div className="flex justify-center">
        <ResendControl
          target={target}
          email={email}
          purpose="RESET_PASSWORD"
          onSent={() => setCode(emptyCode())}
          onMessage={setMessage}
          initialWait={resendAfter}
        />
      </div>
    </form>
  );
}
