import { profileUpdateBody, type UserProfile } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { PhoneField, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { announceSignedInFailure, type FieldErrors, validate } from '../../lib/form-errors.ts';
import { useQueryClient } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { authApi, meKey } from './auth-api.ts';

/** First name, last name and phone (+91) to edit; the email is shown but cannot change here. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { storeOrigin, updateNames } = useSession();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const { data, errors: invalid } = validate(
      profileUpdateBody.safeParse({ first_name: firstName, last_name: lastName, phone }),
    );
    setErrors(invalid ?? {});
    if (!data) return;
    setPending(true);
    try {
      const saved = await authApi.updateMe(data, storeOrigin);
      queryClient.setQueryData(meKey(profile.id), saved);
      updateNames(saved.first_name, saved.last_name);
      toast.success('Profile updated', { description: 'Your details have been saved.' });
    } catch (err) {
      setErrors(announceSignedInFailure(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={firstName}
          error={errors.first_name}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          error={errors.last_name}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <PhoneField value={phone} onValue={setPhone} error={errors.phone} />
      <TextField
        label="Email"
        type="email"
        value={profile.email}
        readOnly
        hint="Your email is how you sign in; it cannot be changed here."
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonStyles.primary}>
        {pending ? <Spinner /> : null}
        Save Changes
      </button>
    </form>
  );
}
