import { changePasswordBody } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { PasswordField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { announceSignedInFailure, type FieldErrors, validate } from '../../lib/form-errors.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { authApi, withPasswordMatch } from './auth-api.ts';

const EMPTY = { current_password: '', password: '', confirm_password: '' };

/** Current, new and confirmed password; a wrong current password is shown beside its field. */
export function ChangePasswordForm() {
  const { storeOrigin } = useSession();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(changePasswordBody.safeParse(values));
    setErrors(withPasswordMatch(invalid, values.password, values.confirm_password) ?? {});
    if (!data) return;
    setPending(true);
    try {
      await authApi.changePassword(data, storeOrigin);
      setValues(EMPTY);
      toast.success('Password changed', { description: 'Use your new password the next time you login.' });
    } catch (err) {
      setErrors(announceSignedInFailure(err));
    } finally {
      setPending(false);
    }
  };

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        {...field('current_password')}
      />
      <PasswordField label="New password" autoComplete="new-password" {...field('password')} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...field('confirm_password')}
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonStyles.primary}>
        {pending ? <Spinner /> : null}
        Change Password
      </button>
    </form>
  );
}
