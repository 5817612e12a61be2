import type { DealItem } from '@haat/contracts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmailSignupForm, signupErrorText } from '../../components/ui/email-signup-form.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSaleNotify } from './use-sale-notify.ts';

/** Notify Me's dialog for a shopper without an account email here: asks for one and signs it up. */
export function NotifyMeDialog({
  open,
  sale,
  onClose,
  onDone,
}: {
  open: boolean;
  sale: DealItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const name = sale.product.product_name;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Get notified when the sale starts"
      description={`${sale.title || name} starts ${formatDateTime(sale.deal.start_time)} IST. We'll send you one email then.`}
      size="max-w-md"
    >
      <EmailForm sale={sale} onDone={onDone} />
    </Dialog>
  );
}

function EmailForm({ sale, onDone }: { sale: DealItem; onDone: () => void }) {
  const notify = useSaleNotify(sale.id);
  return (
    <EmailSignupForm
      submitLabel="Notify Me"
      footnote="Only for this sale; we won't add you to any other list."
      pending={notify.isPending}
      serverError={notify.isError ? signupErrorText(notify.error) : null}
      onEmail={(email) => notify.mutate(email, { onSuccess: onDone })}
      onEdit={() => notify.reset()}
    />
  );
}
