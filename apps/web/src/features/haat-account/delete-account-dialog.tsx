import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { useMutation } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { haatAccountApi } from './haat-account-api.ts';

/** Deleting the Haat account: what happens, and the email typed to confirm it. Signs out (to the sign-in page). */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { storeOrigin, signOut } = useSession();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (confirm: string) => haatAccountApi.remove(confirm, storeOrigin),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (typed.trim().toLowerCase() !== email) {
      setError(`Type ${email} to confirm`);
      return;
    }
    remove.mutate(typed.trim(), {
      onSuccess: (done) => {
        toast.success('Your Haat account was deleted', {
          description: `${done.orders_kept} ${done.orders_kept === 1 ? 'order stays' : 'orders stay'} with the shops, without your name and contact details.`,
        });
        signOut();
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        if (fields.confirm_email) setError(fields.confirm_email);
        else setFailure(formFailureMessage(err));
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete your Haat account?"
      description="This cannot be undone."
      size="max-w-md"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            You are signed out everywhere and cannot sign in with this email again (you may sign up afresh).
          </li>
          <li>
            Every shop's copy of your name, phone, email and saved addresses is removed, with your cart,
            wishlist, alerts and newsletter sign-ups.
          </li>
          <li>
            Your orders stay with the shops for their accounts, without your name or contact details. A GST
            invoice keeps what the law requires (the state; the name and address only for a business buyer or
            an invoice of ₹50,000 or more).
          </li>
        </ul>
        <TextField
          label="Type your email to confirm"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Keep my account
          </button>
          <button type="submit" disabled={remove.isPending} className={buttonStyles.danger}>
            {remove.isPending ? <Spinner /> : null}
            Delete my account
          </button>
        </div>
      </form>
    </Dialog>
  );
}
