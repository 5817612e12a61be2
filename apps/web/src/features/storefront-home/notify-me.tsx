import type { DealItem } from '@haat/contracts';
import { Bell, BellRing } from 'lucide-react';
import { type CSSProperties, type HTMLAttributes, lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { announceNotifyFailure, useNotifiedSale, useSaleNotify, useShopCustomer } from './use-sale-notify.ts';

// The email dialog (and its form) loads when a shopper without an account email first asks.
const NotifyMeDialog = lazy(() =>
  import('./notify-me-dialog.tsx').then((m) => ({ default: m.NotifyMeDialog })),
);

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
  // The dialog stays mounted once opened, so closing it behaves as a native dialog's close (focus goes back).
  const [asked, setAsked] = useState(false);
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
        {notified === 'PENDING' || notify.data?.pending ? 'Check your mail to confirm' : "You'll be notified"}
      </p>
    );
  }

  const onClick = () => {
    if (email) notify.mutate(null, { onError: announceNotifyFailure });
    else {
      setAsked(true);
      setAsking(true);
    }
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
      {asked ? (
        <Suspense fallback={null}>
          <NotifyMeDialog
            open={asking}
            sale={sale}
            onClose={() => setAsking(false)}
            onDone={() => {
              setAsking(false);
              setDone(true);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
