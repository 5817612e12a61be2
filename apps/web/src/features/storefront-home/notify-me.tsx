import type { DealItem } from '@haat/contracts';
import { Bell, BellRing } from 'lucide-react';
import { type CSSProperties, type FormEvent, type HTMLAttributes, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { inputClass } from '../accounts/fields.tsx';
import {
  announceNotifyFailure,
  notifyErrorText,
  useNotifiedSale,
  useSaleNotify,
  useShopCustomer,
} from './use-sale-notify.ts';

const buttonClass =
  'relative z-10 inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed';

/**
 * Notify Me on an upcoming sale. A signed-in customer of the shop is subscribed in one click (their account
 * email); anyone else is asked for an email in a small dialog. Afterwards the button says so. In the template
 * editor (`edit`) it is the theme's editable button text and does nothing else.
 */
export function NotifyMeButton({
  sale,
  label,
  labelStyle,
  edit,
}: {
  sale: DealItem;
  label: string;
  /** The theme's colour and size for the button text. */
  labelStyle?: CSSProperties;
  edit?: HTMLAttributes<HTMLElement>;
}) {
  const name = sale.product.product_name;
  const { email, status } = useShopCustomer();
  const notified = useNotifiedSale(sale.id);
  const notify = useSaleNotify(sale.id);
  const [asking, setAsking] = useState(false);
  // Also kept here, in case the browser refuses to remember it in storage.
  const [done, setDone] = useState(false);

  if (edit) {
    return (
      <span {...edit} className={`${buttonClass} self-start bg-brand-700 text-white`}>
        <Bell aria-hidden className="size-4" />
        <span style={labelStyle}>{label}</span>
      </span>
    );
  }

  if (notified || done || notify.isSuccess) {
    return (
      <p
        role="status"
        className={`${buttonClass} self-start bg-green-50 text-green-800 ring-1 ring-green-200 ring-inset`}
      >
        <BellRing aria-hidden className="size-4" />
        You'll be notified
      </p>
    );
  }

  const onClick = () => {
    if (email) notify.mutate(null, { onError: announceNotifyFailure });
    else setAsking(true);
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        disabled={status === 'loading' || notify.isPending}
        aria-busy={notify.isPending || undefined}
        aria-label={`${label}: ${name}`}
        className={`${buttonClass} self-start bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
      >
        {notify.isPending && !asking ? <Spinner /> : <Bell aria-hidden className="size-4" />}
        <span style={labelStyle}>{label}</span>
      </button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Get notified when the sale starts"
        description={`${sale.title || name} starts ${formatDateTime(sale.deal.start_time)} IST. We'll send you one email then.`}
        size="max-w-md"
      >
        <EmailForm
          sale={sale}
          onDone={() => {
            setAsking(false);
            setDone(true);
          }}
        />
      </Dialog>
    </>
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
