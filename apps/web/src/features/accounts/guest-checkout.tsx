import { guestStartBody } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type FieldErrors, formFailureMessage, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { authApi, EARLY_NOTICE, resendWait } from './auth-api.ts';
import type { AuthTarget } from './auth-target.ts';
import { CodeForm } from './code-form.tsx';

type Sent = { email: string; name: string; early: number | null };

/**
 * Check out as a guest (decision 0031): a name and an email, then the 6-digit code mailed to it; the shopper is then
 * signed in at this shop without a password and goes back to what they were doing (their cart, the product).
 */
export function GuestCheckout({ target }: { target: AuthTarget }) {
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(guestStartBody.safeParse(values));
    setErrors(invalid ?? {});
    if (!data) return;
    setFailure('');
    setPending(true);
    try {
      await authApi.guestStart(data, target.storeOrigin);
      setSent({ ...data, early: null });
    } catch (err) {
      const wait = resendWait(err);
      const fields = serverFieldErrors(err);
      if (wait) setSent({ ...data, early: wait });
      else if (Object.keys(fields).length) setErrors(fields);
      else setFailure(formFailureMessage(err));
    } finally {
      setPending(false);
    }
  };

  if (sent) {
    return (
      <div className="space-y-5">
        <p className="text-sm text-slate-700">
          We sent a 6-digit code to <strong className="break-all">{sent.email}</strong>.{' '}
          <button
            type="button"
            onClick={() => setSent(null)}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Change email
          </button>
        </p>
        <CodeForm
          target={target}
          email={sent.email}
          purpose="LOGIN"
          guestName={sent.name}
          resendAfter={sent.early ?? undefined}
          notice={sent.early ? EARLY_NOTICE : undefined}
        />
      </div>
    );
  }

  const field = (key: 'name' | 'email') => ({
    value: values[key],
    error: errors[key],
    onChange: (ev: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: ev.target.value })),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Check out as a guest" className="space-y-4">
      <TextField label="Your name" autoComplete="name" {...field('name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        hint="For your order's updates and invoice. No password needed."
        {...field('email')}
      />
      <FormAlert>{failure}</FormAlert>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        Email me a code
      </button>
    </form>
  );
}
