import { loginBody } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { CheckboxField, FormAlert, PasswordField, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorReason, type FieldErrors, formFailureMessage, validate } from '../../lib/form-errors.ts';
import { Link, useNavigate } from '../../lib/router.tsx';
import { authApi } from './auth-api.ts';
import { type AuthTarget, authHref } from './auth-target.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/** Login with email and password; an unverified email is sent on to the code screen (a new code was mailed). */
export function PasswordLoginForm({ target, initialEmail }: { target: AuthTarget; initialEmail: string }) {
  const navigate = useNavigate();
  const finish = useFinishSignIn(target);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(
      loginBody.safeParse({ email, password, role_name: target.role, remember }),
    );
    setErrors(invalid ?? {});
    if (!data) return;
    setPending(true);
    setFailure('');
    try {
      finish(await authApi.login(data, target));
    } catch (err) {
      setPending(false);
      if (errorReason(err) === 'EMAIL_NOT_VERIFIED') {
        navigate(authHref(target, 'verification', { email: data.email }));
        return;
      }
      setFailure(formFailureMessage(err));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        placeholder="you@example.com"
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (errors.email) setErrors((er) => ({ ...er, email: '' }));
        }}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          if (errors.password) setErrors((er) => ({ ...er, password: '' }));
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField checked={remember} onChange={setRemember}>
          Remember me
        </CheckboxField>
        <Link
          to={authHref(target, 'forgot-password', { email: email.trim() })}
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <FormAlert>{failure}</FormAlert>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        {pending ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
