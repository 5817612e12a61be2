import {
  CARRIERS,
  editOrderBody,
  INDIAN_STATES,
  recordPaymentBody,
  returnDecisionBody,
  shippingBody,
} from '@haat/contracts';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, PhoneField, SelectField, TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';

/** What a dialog's submit hands back: nothing when it went through, or the field errors and a sentence. */
export type Outcome = { fields: FieldErrors; message: string | null } | null;

/** Turns a failed change into errors beside the fields, or one sentence above the buttons. */
export function outcomeOf(err: unknown): Outcome {
  const fields = serverFieldErrors(err);
  if (Object.keys(fields).length) return { fields, message: null };
  return { fields: {}, message: err instanceof ApiError ? err.message : 'The change could not be saved.' };
}

function DialogForm({
  open,
  onClose,
  title,
  description,
  submitLabel,
  busy,
  problem,
  onSubmit,
  children,
  danger = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  problem: string | null;
  onSubmit: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {children}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className={danger ? buttonStyles.danger : buttonStyles.primary}
          >
            {busy ? <Spinner /> : null}
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The state every dialog keeps: its values, field errors and a sentence; reset each time it opens. */
function useDialogForm<T>(open: boolean, initial: () => T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setValues(initial());
    setErrors({});
    setProblem(null);
  }, [open]);
  const set = (patch: Partial<T>) => setValues((v) => ({ ...v, ...patch }));
  const show = (o: Outcome) => {
    setErrors(o?.fields ?? {});
    setProblem(o?.message ?? null);
  };
  return { values, set, errors, setErrors, problem, show };
}

const OTHER = 'Other';

/** Ship Order, or correct the shipment afterwards: carrier and tracking number (the link is built or typed). */
export function ShipDialog({
  open,
  onClose,
  order,
  correcting,
  busy,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  correcting: boolean;
  busy: boolean;
  onSave: (v: { carrier: string; tracking_number: string; tracking_url?: string }) => Promise<Outcome>;
}) {
  const known = (c: string | null) =>
    c && (CARRIERS as readonly string[]).includes(c) ? c : c ? OTHER : CARRIERS[0];
  const f = useDialogForm(open, () => ({
    pick: known(order.carrier),
    other: order.carrier && !(CARRIERS as readonly string[]).includes(order.carrier) ? order.carrier : '',
    tracking_number: order.trackingNumber ?? '',
    tracking_url: order.tracking_url ?? '',
  }));
  const carrier = f.values.pick === OTHER ? f.values.other.trim() : f.values.pick;
  const submit = async () => {
    const body = {
      carrier,
      tracking_number: f.values.tracking_number,
      tracking_url: f.values.tracking_url.trim(),
      version: order.version,
    };
    const checked = validate(shippingBody.safeParse(body));
    if (checked.errors) return f.setErrors(checked.errors);
    f.show(
      await onSave({
        carrier,
        tracking_number: checked.data.tracking_number,
        tracking_url: body.tracking_url,
      }),
    );
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title={correcting ? 'Edit shipping details' : 'Ship order'}
      description={`${order.order_number} to ${order.shipping_address.city}, ${order.shipping_address.state}`}
      submitLabel={correcting ? 'Save' : 'Mark as Shipped'}
      busy={busy}
      problem={f.problem}
      onSubmit={submit}
    >
      <SelectField label="Carrier" value={f.values.pick} onChange={(e) => f.set({ pick: e.target.value })}>
        {[...CARRIERS, OTHER].map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {f.values.pick === OTHER ? (
        <TextField
          label="Carrier name"
          value={f.values.other}
          onChange={(e) => f.set({ other: e.target.value })}
          error={f.errors.carrier}
        />
      ) : null}
      <TextField
        label="Tracking number"
        value={f.values.tracking_number}
        onChange={(e) => f.set({ tracking_number: e.target.value })}
        error={f.errors.tracking_number}
        autoComplete="off"
        data-autofocus
      />
      <TextField
        label="Tracking link (optional)"
        value={f.values.tracking_url}
        onChange={(e) => f.set({ tracking_url: e.target.value })}
        error={f.errors.tracking_url}
        hint="Left empty, the link is made for Delhivery, Blue Dart, Ekart, Xpressbees and Shiprocket."
        inputMode="url"
      />
    </DialogForm>
  );
}

/** Edit Order: while not shipped, the shipping address, phone and a note to the customer. */
export function EditOrderDialog({
  open,
  onClose,
  order,
  busy,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onSave: (v: Omit<import('@haat/contracts').EditOrderBody, 'version'>) => Promise<Outcome>;
}) {
  const a = order.shipping_address;
  const f = useDialogForm(open, () => ({
    full_name: a.full_name,
    phone_number: (a.phone_number ?? '').replace(/\D/g, '').slice(-10),
    address_line1: a.address_line1,
    address_line2: a.address_line2,
    city: a.city,
    state: a.state,
    postal_code: a.postal_code,
    customer_note: order.customer_note ?? '',
  }));
  const submit = async () => {
    const checked = validate(editOrderBody.safeParse({ ...f.values, version: order.version }));
    if (checked.errors) return f.setErrors(checked.errors);
    const { version: _sent, ...fields } = checked.data;
    f.show(await onSave(fields));
  };
  const text = (key: keyof typeof f.values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={f.values[key]}
      onChange={(e) => f.set({ [key]: e.target.value })}
      error={f.errors[key]}
      {...extra}
    />
  );
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Edit order"
      description={`${order.order_number}: correct where it goes before it ships.`}
      submitLabel="Save changes"
      busy={busy}
      problem={f.problem}
      onSubmit={submit}
    >
      {text('full_name', 'Name', { autoComplete: 'name', 'data-autofocus': true })}
      <PhoneField
        label="Phone"
        value={f.values.phone_number}
        onValue={(phone_number) => f.set({ phone_number })}
        error={f.errors.phone_number}
      />
      {text('address_line1', 'Street address')}
      {text('address_line2', 'Address line 2 (optional)')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', 'City')}
        {text('postal_code', 'PIN code', { inputMode: 'numeric', maxLength: 6 })}
      </div>
      <SelectField
        label="State"
        value={f.values.state}
        onChange={(e) => f.set({ state: e.target.value })}
        error={f.errors.state}
      >
        {INDIAN_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Note to the customer (optional)"
        value={f.values.customer_note}
        onChange={(e) => f.set({ customer_note: e.target.value })}
        error={f.errors.customer_note}
        rows={2}
      />
    </DialogForm>
  );
}

/** A UPI payment seen in the bank app, recorded with its 12-digit UTR. */
export function PaymentDialog({
  open,
  onClose,
  order,
  busy,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onSave: (utr: string) => Promise<Outcome>;
}) {
  const f = useDialogForm(open, () => ({ utr: '' }));
  const submit = async () => {
    const checked = validate(recordPaymentBody.safeParse({ utr: f.values.utr, version: order.version }));
    if (checked.errors) return f.setErrors(checked.errors);
    f.show(await onSave(checked.data.utr));
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Record UPI payment"
      description={`Find the payment for ${order.order_number} in your bank app and type its UTR (12 digits).`}
      submitLabel="Mark as Paid"
      busy={busy}
      problem={f.problem}
      onSubmit={submit}
    >
      <TextField
        label="UTR"
        value={f.values.utr}
        onChange={(e) => f.set({ utr: e.target.value.replace(/\D/g, '').slice(0, 12) })}
        error={f.errors.utr}
        inputMode="numeric"
        autoComplete="off"
        data-autofocus
      />
    </DialogForm>
  );
}

/** Cancel (02 §4: 'Are you sure you want to cancel this order?'), with a reason the customer is told. */
export function CancelDialog({
  open,
  onClose,
  order,
  busy,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onConfirm: (reason: string) => Promise<Outcome>;
}) {
  const f = useDialogForm(open, () => ({ reason: '' }));
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Cancel order"
      description="Are you sure you want to cancel this order?"
      submitLabel="Yes, cancel order"
      busy={busy}
      problem={f.problem}
      danger
      onSubmit={async () => f.show(await onConfirm(f.values.reason.trim()))}
    >
      <p className="text-sm text-slate-600">
        {order.order_number}: its stock goes back on the shelf and the customer gets a mail.
      </p>
      <TextAreaField
        label="Reason (optional, told to the customer)"
        value={f.values.reason}
        onChange={(e) => f.set({ reason: e.target.value })}
        error={f.errors.reason}
        rows={2}
      />
    </DialogForm>
  );
}

/** Accept a return (order RETURNED, stock back) or decline it with a reason for the customer. */
export function ReturnDialog({
  open,
  decision,
  onClose,
  order,
  busy,
  onSave,
}: {
  open: boolean;
  decision: 'ACCEPT' | 'DECLINE';
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onSave: (note: string) => Promise<Outcome>;
}) {
  const f = useDialogForm(open, () => ({ note: '' }));
  const accept = decision === 'ACCEPT';
  const submit = async () => {
    const checked = validate(
      returnDecisionBody.safeParse({
        decision,
        note: f.values.note.trim() || undefined,
        version: order.version,
      }),
    );
    if (checked.errors) return f.setErrors(checked.errors);
    f.show(await onSave(f.values.note.trim()));
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title={accept ? 'Accept return' : 'Decline return'}
      description={
        accept
          ? `${order.order_number} becomes Returned and its items go back into stock.`
          : `${order.order_number} stays Delivered; the customer is told why.`
      }
      submitLabel={accept ? 'Accept return' : 'Decline return'}
      busy={busy}
      problem={f.problem}
      danger={!accept}
      onSubmit={submit}
    >
      {order.return_request ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          The customer said: “{order.return_request.reason}”
        </p>
      ) : null}
      <TextAreaField
        label={accept ? 'Note to the customer (optional)' : 'Reason for the customer'}
        value={f.values.note}
        onChange={(e) => f.set({ note: e.target.value })}
        error={f.errors.note}
        rows={3}
        data-autofocus
      />
    </DialogForm>
  );
}
