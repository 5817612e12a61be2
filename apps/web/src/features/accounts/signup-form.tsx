import { signupBody } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  PhoneField,
  TextField,
} from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type FieldErrors, formFailureMessage, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { useNavigate } from '../../lib/router.tsx';
import { authApi, withPasswordMatch } from './auth-api.ts';
import { type AuthTarget, authHref } from './auth-target.ts';
import { TermsLinks } from './terms-links.tsx';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '' };
type Values = typeof EMPTY;

/** Sign-up (01 §2, §5): every message of the shared schema shows beside its field and blocks the submit. */
export function SignupForm({ target, initialEmail }: { target: AuthTarget; initialEmail: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ ...EMPTY, email: initialEmail });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  const check = (v: Values, t: boolean) => {
    const result = validate(signupBody.safeParse({ ...v, role_name: target.role, terms: t }));
    return { ...result, errors: withPasswordMatch(result.errors, v.password, v.confirm_password) };
  };

  const update = (patch: Partial<Values>, t = terms) => {
    const next = { ...values, ...patch };
    setValues(next);
    // After a first submit, messages follow the input as it is fixed.
    if (submitted) setErrors(check(next, t).errors ?? {});
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const { data, errors: invalid } = check(values, terms);
    setErrors(invalid ?? {});
    if (!data) return;
    setPending(true);
    setFailure('');
    try {
      const created = await authApi.signup(data, target);
      navigate(authHref(target, 'verification', { email: created.email || data.email }));
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(formFailureMessage(err));
      setPending(false);
    }
  };

  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => update({ [name]: e.target.value }),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      </div>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...field('email')}
      />
      <PhoneField value={values.phone} onValue={(phone) => update({ phone })} error={errors.phone} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirm_password')} />
      <CheckboxField
        checked={terms}
        onChange={(t) => {
          setTerms(t);
          if (submitted) setErrors(check(values, t).errors ?? {});
        }}
        error={errors.terms}
      >
        I agree to the <TermsLinks target={target} />
      </CheckboxField>
      <FormAlert>{failure}</FormAlert>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className={`${buttonStyles.primary} w-full py-3`}
      >
        {pending ? <Spinner /> : null}
        {pending ? 'Creating account...' : 'Sign Up'}
      </button>
    </form>
  );
}
