import type { CustomerOrder } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextAreaField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import type { useOrderActions } from './orders-api.ts';

type ReturnMutation = ReturnType<typeof useOrderActions>['requestReturn'];

/** Return Item: why it goes back; the shop then arranges the pickup. */
export function ReturnDialog({
  order,
  onClose,
  requestReturn,
}: {
  order: CustomerOrder;
  onClose: () => void;
  requestReturn: ReturnMutation;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError('Tell us why you are returning it');
      return;
    }
    setError(undefined);
    setFailure(null);
    requestReturn.mutate(
      { id: order.id, reason: reason.trim() },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (fields.reason) setError(fields.reason);
          else setFailure(formFailureMessage(err));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Return Item" description={`For ${order.order_number}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <TextAreaField
          label="Reason for the return"
          rows={4}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          placeholder="For example: the size does not fit"
          data-autofocus
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button type="submit" disabled={requestReturn.isPending} className={buttonStyles.primary}>
            {requestReturn.isPending ? <Spinner /> : null}
            Request Return
          </button>
        </div>
      </form>
    </Dialog>
  );
}
