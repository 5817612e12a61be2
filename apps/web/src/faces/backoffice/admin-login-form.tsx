import { type FormEvent, useId, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { authApi } from '../../features/accounts/auth-api.ts';
import { safeRedirect } from '../../features/accounts/auth-target.ts';
import { errorReason, formFailureMessage } from '../../lib/form-errors.ts';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { platformUrl } from '../../lib/site-urls.ts';
import { CheckBox, EmailInput, PasswordInput } from './admin-login-parts.tsx';

type Field = 'email' | 'password';

/** The form's values, their problems and the sign-in: an operator lands on the console, a vendor on /dashboard. */
function useAdminSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<{ text: string; verify?: boolean } | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  // The platform's own operator (role ADMIN) signs in here too, and lands on the console of every shop.
  const [operator, setOperator] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const validate = () => {
    const next: Partial<Record<Field, string>> = {};
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending || !validate()) return;
    setPending(true);
    setFailure(null);
    const cleanEmail = email.trim().toLowerCase();
    try {
      const session = await authApi.adminLogin({
        email: cleanEmail,
        password,
        role_name: operator ? 'ADMIN' : 'VENDOR',
        remember,
      });
      signIn(session);
      navigate(safeRedirect(params.get('redirect')) ?? (operator ? '/platform/shops' : '/dashboard'), {
        replace: true,
      });
    } catch (err) {
      setPending(false);
      const verify = errorReason(err) === 'EMAIL_NOT_VERIFIED';
      setFailure({ text: formFailureMessage(err), verify });
    }
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    remember,
    setRemember,
    operator,
    setOperator,
    errors,
    setErrors,
    pending,
    failure,
    onSubmit,
  };
}

/**
 * The admin portal sign-in form (02 §2): a vendor account signs in here and lands on /dashboard. Password
 * reset and email verification live on the main site's account pages.
 */
export function AdminLoginForm() {
  const { platformDomain } = useHost();
  const form = useAdminSignIn();
  const { email, password, remember, operator, errors, setErrors, pending, failure } = form;
  const ids = { email: useId(), password: useId(), remember: useId(), operator: useId() };

  const vendorPage = (page: string) =>
    platformUrl(
      platformDomain,
      `/${page}?${new URLSearchParams({ userType: 'vendor', email: email.trim() })}`,
    );

  return (
    <form onSubmit={form.onSubmit} noValidate className="space-y-5">
      <EmailInput
        id={ids.email}
        value={email}
        onChange={(e) => {
          form.setEmail(e.target.value);
          if (errors.email) setErrors((er) => ({ ...er, email: undefined }));
        }}
        error={errors.email}
      />

      <PasswordInput
        id={ids.password}
        value={password}
        onChange={(e) => {
          form.setPassword(e.target.value);
          if (errors.password) setErrors((er) => ({ ...er, password: undefined }));
        }}
        error={errors.password}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckBox id={ids.remember} label="Remember me" checked={remember} onChange={form.setRemember} />
        <CheckBox
          id={ids.operator}
          label="Platform operator"
          checked={operator}
          onChange={form.setOperator}
        />
        <a
          href={vendorPage('forgot-password')}
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </a>
      </div>

      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
          {failure.text}{' '}
          {failure.verify ? (
            <a href={vendorPage('verification')} className="font-semibold underline">
              Enter the code
            </a>
          ) : null}
        </p>
      ) : null}

      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        {pending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
