import { CARRIERS, editOrderBody, INDIAN_STATES, shippingBody } from '@haat/contracts';
import { PhoneField, SelectField, TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { validate } from '../../lib/form-errors.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { DialogForm, type Outcome, useDialogForm } from './dialog-form.tsx';

/* The order page's dialogs that change where and how the order goes: shipping and Edit Order. */

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
