import { guestPasswordBody, type Session } from '@haat/contracts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert, PasswordField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { queryApi } from '../../lib/api.ts';
import { type FieldErrors, formFailureMessage, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { useSession } from '../../lib/session/session-context.tsx';

/**
 * "Set a password to keep your account" for a guest shopper (decision 0031): the password of their one Haat account,
 * with which they sign in at every Haat shop. Shown only to a guest's session; gone once it is set.
 */
export function KeepAccount({ slug }: { slug: string }) {
  const { session, signIn } = useSession();
  const [values, setValues] = useState({ password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [kept, setKept] = useState('');

  if (kept) {
    return (
      <p role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
        Your Haat account is ready: sign in at any Haat shop with{' '}
        <strong className="break-all">{kept}</strong> and your new password.
      </p>
    );
  }
  if (!session?.guest) return null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(guestPasswordBody.safeParse(values));
    setErrors(invalid ?? {});
    if (!data) return;
    setPending(true);
    setFailure('');
    try {
      const fresh = await queryApi<Session>('/api/user/auth/guest/password/', {
        method: 'POST',
        body: data,
        storeOrigin: slug,
        silent: true,
      });
      signIn(fresh);
      setKept(fresh.email);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(formFailureMessage(err));
    } finally {
      setPending(false);
    }
  };
  const field = (key: 'password' | 'confirm_password') => ({
    value: values[key],
    error: errors[key],
    autoComplete: 'new-password',
    onChange: (ev: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: ev.target.value })),
  });

  return (
    <section
      aria-labelledby="keep-account"
      className="rounded-xl border border-brand-200 bg-brand-50/50 p-4 shadow-sm sm:p-6"
    >
      <h2 id="keep-account" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound aria-hidden className="size-5 text-brand-700" />
        Set a password to keep your account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sign in with {session.email} and this password at every Haat shop: your orders and addresses stay with
        you.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <PasswordField label="New password" {...field('password')} />
        <PasswordField label="Confirm password" {...field('confirm_password')} />
        <FormAlert>{failure}</FormAlert>
        <button type="submit" disabled={pending} aria-busy={pending} className={buttonStyles.primary}>
          {pending ? <Spinner /> : null}
          Keep my account
        </button>
      </form>
    </section>
  );
}
