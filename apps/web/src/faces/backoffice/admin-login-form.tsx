import { Eye, EyeOff } from 'lucide-react';
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

type Field = 'email' | 'password';

/**
 * The admin portal sign-in form (02 §2): a vendor account signs in here and lands on /dashboard. Password
 * reset and email verification live on the main site's account pages.
 */
export function AdminLoginForm() {
  const { platformDomain } = useHost();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<{ text: string; verify?: boolean } | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(false);
  // The platform's own operator (role ADMIN) signs in here too, and lands on the console of every shop.
  const [operator, setOperator] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const ids = { email: useId(), password: useId(), remember: useId(), operator: useId() };

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

  const vendorPage = (page: string) =>
    platformUrl(
      platformDomain,
      `/${page}?${new URLSearchParams({ userType: 'vendor', email: email.trim() })}`,
    );

  const inputClass = (field: Field) =>
    `w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
      errors[field]
        ? 'border-red-500 focus:ring-red-100'
        : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
    }`;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id={ids.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (errors.email) setErrors((er) => ({ ...er, email: undefined }));
          }}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids.email}-error` : undefined}
          placeholder="you@example.com"
          className={`mt-1.5 ${inputClass('email')}`}
        />
        {errors.email ? (
          <p id={`${ids.email}-error`} className="mt-1.5 text-sm text-red-600">
            {errors.email}
          </p>
        ) : null}
      </div>

      <div>
        <label htmlFor={ids.password} className="block text-sm font-medium text-slate-800">
          Password
        </label>
        <div className="relative mt-1.5">
          <input
            id={ids.password}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (errors.password) setErrors((er) => ({ ...er, password: undefined }));
            }}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
            className={`${inputClass('password')} pr-12`}
          />
          <button
            type="button"
            onClick={() => setShowPassword((s) => !s)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-controls={ids.password}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {showPassword ? (
              <EyeOff aria-hidden className="size-5" />
            ) : (
              <Eye aria-hidden className="size-5" />
            )}
          </button>
        </div>
        {errors.password ? (
          <p id={`${ids.password}-error`} className="mt-1.5 text-sm text-red-600">
            {errors.password}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={ids.remember} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            id={ids.remember}
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Remember me
        </label>
        <label htmlFor={ids.operator} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            id={ids.operator}
            type="checkbox"
            checked={operator}
            onChange={(e) => setOperator(e.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Platform operator
        </label>
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
