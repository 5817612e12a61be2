import type { CustomerOrder } from '@haat/contracts';
import { CANCEL_REASONS, type CancelReason } from '@haat/contracts/order-reasons';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, SelectField, TextAreaField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import type { useOrderActions } from './orders-api.ts';

type CancelMutation = ReturnType<typeof useOrderActions>['cancel'];

/** Cancel Order (issue 40): why, from a short list, and the shopper's words (needed for Other); the shop reads it. */
export function CancelDialog({
  order,
  onClose,
  cancel,
}: {
  order: CustomerOrder;
  onClose: () => void;
  cancel: CancelMutation;
}) {
  const [code, setCode] = useState<CancelReason | ''>('');
  const [words, setWords] = useState('');
  const [errors, setErrors] = useState<{ reason_code?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!code) found.reason_code = 'Choose why you are cancelling';
    if (code === 'Other' && words.trim().length < 3) found.reason = 'Tell the shop why you are cancelling';
    setErrors(found);
    setFailure(null);
    if (found.reason_code || found.reason || !code) return;
    cancel.mutate(
      { id: order.id, reason_code: code, reason: words.trim() || undefined },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (fields.reason || fields.reason_code) setErrors(fields);
          else setFailure(formFailureMessage(err));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Are you sure you want to cancel this order?"
      description={`${order.order_number} will be cancelled and its items go back on sale.`}
      size="max-w-md"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <SelectField
          label="Reason for cancelling"
          value={code}
          onChange={(e) => {
            setCode(e.target.value as CancelReason | '');
            setErrors({});
          }}
          error={errors.reason_code}
          data-autofocus
        >
          <option value="">Choose a reason</option>
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={code === 'Other' ? 'Tell the shop why' : 'Anything to add (optional)'}
          rows={2}
          maxLength={300}
          value={words}
          onChange={(e) => setWords(e.target.value)}
          error={errors.reason}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Keep Order
          </button>
          <button type="submit" disabled={cancel.isPending} className={buttonStyles.danger}>
            {cancel.isPending ? <Spinner /> : null}
            Yes, Cancel Order
          </button>
        </div>
      </form>
    </Dialog>
  );
}
