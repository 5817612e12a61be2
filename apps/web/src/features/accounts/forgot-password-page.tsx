import { sendOtpBody } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage } from '../../lib/form-errors.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { authApi, EARLY_NOTICE, resendWait } from './auth-api.ts';
import { AuthShell } from './auth-shell.tsx';
import { authHref, useAuthTarget } from './auth-target.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** /forgot-password: the email gets a reset code; the code and a new password sign the user in. */
export function ForgotPasswordPage() {
  const target = useAuthTarget();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set when a code went out moments ago (the server asks to wait): go on to the boxes with that code.
  const [early, setEarly] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const loginHref = authHref(target, 'login');

  const onSend = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const parsed = sendOtpBody.safeParse({ email, role_name: target.role, purpose: 'RESET_PASSWORD' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Email is required');
      return;
    }
    setError('');
    setFailure('');
    setPending(true);
    try {
      await authApi.sendOtp(parsed.data, target);
      setEarly(null);
      setSentTo(parsed.data.email);
    } catch (err) {
      const wait = resendWait(err);
      if (wait) {
        setEarly(wait);
        setSentTo(parsed.data.email);
      } else setFailure(formFailureMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthShell
      target={target}
      title="Reset your password"
      subtitle={
        sentTo ? (
          <>
            If <strong className="break-all text-slate-900">{sentTo}</strong> has an account, we sent it a
            6-digit code.{' '}
            <button
              type="button"
              onClick={() => setSentTo(null)}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Change email
            </button>
          </>
        ) : (
          'Enter your account email and we will send you a code to set a new password.'
        )
      }
    >
      {sentTo ? (
        <ResetPasswordForm
          target={target}
          email={sentTo}
          resendAfter={early ?? undefined}
          notice={early ? EARLY_NOTICE : undefined}
        />
      ) : (
        <form onSubmit={onSend} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            placeholder="you@example.com"
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError('');
            }}
          />
          <FormAlert>{failure}</FormAlert>
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending}
            className={`${buttonStyles.primary} w-full py-3`}
          >
            {pending ? <Spinner /> : null}
            Send Code
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={loginHref} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthShell>
  );
}
