import { DEFAULT_REGISTER_NAME, openRegisterBody, registerMovementBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { type RegisterSession, useOpenRegister, useRegisterMovement } from './register-api.ts';

/** A number as typed ('' stays missing, so the contract says the field is required). */
export const typed = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** A mutation's failure: its field errors on the fields, else its message above the form. */
export function failureOf(err: unknown, fallback: string): { errors: FieldErrors; problem: string | null } {
  const errors = serverFieldErrors(err);
  if (Object.keys(errors).length) return { errors, problem: null };
  return { errors: {}, problem: err instanceof ApiError ? err.message : fallback };
}

/** Open a register: its name (Counter 1 unless changed) and the float put in the drawer. */
export function OpenRegisterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const openRegister = useOpenRegister();
  const [name, setName] = useState(DEFAULT_REGISTER_NAME);
  const [float, setFloat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setProblem(null);
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { register_name: name.trim() || undefined, opening_float: typed(float) as number };
    const checked = validate(openRegisterBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    openRegister.mutate(body, {
      // The bar above the counter now says the register is open, with its float: no toast over the screen.
      onSuccess: onClose,
      onError: (err) => {
        const f = failureOf(err, 'The register could not be opened.');
        setErrors(f.errors);
        setProblem(f.problem);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Open register"
      description="Count the float you put in the drawer."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <TextField
          label="Register"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.register_name}
        />
        <MoneyField
          label="Opening float"
          value={float}
          onValue={setFloat}
          error={errors.opening_float}
          data-autofocus
        />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={openRegister.isPending}>
          {openRegister.isPending ? <Spinner /> : null} Open register
        </button>
      </form>
    </Dialog>
  );
}

/** Cash put into or taken out of the open drawer, with its reason (petty expenses, change from the bank). */
export function MovementDialog({
  session,
  kind,
  open,
  onClose,
}: {
  session: RegisterSession;
  kind: 'IN' | 'OUT';
  open: boolean;
  onClose: () => void;
}) {
  const move = useRegisterMovement();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setAmount('');
    setReason('');
    setErrors({});
    setProblem(null);
  }, [open]);
  const title = kind === 'IN' ? 'Cash in' : 'Cash out';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { kind, amount: typed(amount) as number, reason };
    const checked = validate(registerMovementBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    move.mutate(
      { id: session.id, body },
      {
        onSuccess: () => {
          toast.success(`${title} recorded`);
          onClose();
        },
        onError: (err) => {
          const f = failureOf(err, 'The cash could not be recorded.');
          setErrors(f.errors);
          setProblem(f.problem);
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} title={title} description={session.register_name}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <MoneyField label="Amount" value={amount} onValue={setAmount} error={errors.amount} data-autofocus />
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          placeholder={kind === 'IN' ? 'Change from the bank' : 'Tea and snacks'}
        />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={move.isPending}>
          {move.isPending ? <Spinner /> : null} Record {title.toLowerCase()}
        </button>
      </form>
    </Dialog>
  );
}
