import type { DealItem } from '@haat/contracts';
import { Bell } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClass } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { notifyErrorText, useSaleNotify } from './use-sale-notify.ts';

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
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = email.trim();
    // The schemas (and zod) load on the first submit, not with the shop's home page.
    const { saleNotifyBody } = await import('@haat/contracts');
    const parsed = saleNotifyBody.safeParse({ email: value });
    if (!value || !parsed.success || !parsed.data.email) {
      setClientError(value ? 'Please enter a valid email address' : 'Please enter your email address');
      notify.reset();
      return;
    }
    setClientError(null);
    notify.mutate(parsed.data.email, { onSuccess: onDone });
  };

  const error = clientError ?? (notify.isError ? notifyErrorText(notify.error) : null);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Email address
        </label>
        <input
          id={inputId}
          data-autofocus
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (clientError) setClientError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`mt-1.5 ${inputClass(!!error)}`}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={notify.isPending} className={buttonStyles.primary}>
        {notify.isPending ? <Spinner /> : <Bell aria-hidden className="size-4" />}
        {notify.isPending ? 'Signing you up...' : 'Notify Me'}
      </button>
      <p className="text-xs text-slate-500">Only for this sale; we won't add you to any other list.</p>
    </form>
  );
}
