import { sendOtpBody } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { CheckboxField, FormAlert, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage } from '../../lib/form-errors.ts';
import { authApi, EARLY_NOTICE, resendWait } from './auth-api.ts';
import type { AuthTarget } from './auth-target.ts';
import { CodeForm } from './code-form.tsx';

/** Login with a code: the email first (a LOGIN code is mailed), then the six boxes. */
export function OtpLoginForm({ target, initialEmail }: { target: AuthTarget; initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set when a code went out moments ago (the server asks to wait): go on to the boxes with that code.
  const [early, setEarly] = useState<number | null>(null);
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState('');
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  const onSend = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const parsed = sendOtpBody.safeParse({ email, role_name: target.role, purpose: 'LOGIN' });
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

  if (sentTo) {
    return (
      <div className="space-y-5">
        <p className="text-sm text-slate-700">
          If <strong className="break-all">{sentTo}</strong> has a verified account, we sent it a 6-digit
          code.{' '}
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Change email
          </button>
        </p>
        <CheckboxField checked={remember} onChange={setRemember}>
          Remember me
        </CheckboxField>
        <CodeForm
          target={target}
          email={sentTo}
          purpose="LOGIN"
          remember={remember}
          resendAfter={early ?? undefined}
          notice={early ? EARLY_NOTICE : undefined}
        />
      </div>
    );
  }

  return (
    <form onSubmit={onSend} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        placeholder="you@example.com"
        value={email}
        error={error}
        hint="We will email you a 6-digit code to login with."
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
  );
}
