import type { StockAlertData } from '@haat/contracts';
import { Bell, BellRing } from 'lucide-react';
import { useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmailSignupForm, signupErrorText } from '../../components/ui/email-signup-form.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, announceFailure, queryApi } from '../../lib/api.ts';
import { useMutation } from '../../lib/query.ts';
import { isCustomerOf, useLiveSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';

/** Notify me when it's back (POST …/product/{id}/notify-stock/); success is told with the server's words. */
function useStockAlert(productId: string, variantId: string | undefined, slug: string | null) {
  return useMutation({
    mutationFn: (email: string | null) =>
      queryApi<StockAlertData>(`/api/store/stores/product/${encodeURIComponent(productId)}/notify-stock/`, {
        method: 'POST',
        body: { ...(email ? { email } : {}), ...(variantId ? { variant_id: variantId } : {}) },
        storeOrigin: slug,
        silent: true,
      }),
    onSuccess: (data) => {
      if (data.pending) {
        toast.success('Check your mail to confirm', {
          description: `We sent a link to ${data.email}. Open it and we'll write to you once, when it's back.`,
        });
      } else {
        toast.success(
          data.already_subscribed ? "You're already on the list" : "We'll email you when it's back",
          {
            description: `We'll write to ${data.email} once.`,
          },
        );
      }
    },
  });
}

/**
 * "Notify me when it's back" under an out-of-stock product or option. A signed-in customer of the shop is put on
 * the list in one tap (their account email); anyone else is asked for an email in a small dialog and confirms it
 * from their mail. Loaded only on a page whose product or chosen option is out of stock.
 */
export default function StockAlert({
  productId,
  variantId,
  name,
  storeSlug,
}: {
  productId: string;
  variantId?: string;
  name: string;
  /** Another shop's product (the wishlist lists every shop's): its slug; this shop's otherwise. */
  storeSlug?: string;
}) {
  const hostSlug = useHost().storeSlug;
  const slug = storeSlug ?? hostSlug;
  const live = useLiveSession();
  const email = isCustomerOf(live, slug) ? (live.session?.email ?? null) : null;
  const alert = useStockAlert(productId, variantId, slug);
  const [asking, setAsking] = useState(false);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const key = variantId ?? productId;

  if (doneFor === key) {
    return (
      <p role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-green-800">
        <BellRing aria-hidden className="size-4" />
        {alert.data?.pending ? 'Check your mail to confirm' : "You'll be notified when it's back"}
      </p>
    );
  }
  const done = () => {
    setAsking(false);
    setDoneFor(key);
  };
  const onClick = () => {
    if (!email) return setAsking(true);
    alert.mutate(null, {
      onSuccess: done,
      onError: (err) => err instanceof ApiError && announceFailure(err.status, signupErrorText(err)),
    });
  };
  return (
    <>
      <button type="button" onClick={onClick} disabled={alert.isPending} className={buttonStyles.secondary}>
        {alert.isPending && !asking ? <Spinner /> : <Bell aria-hidden className="size-4" />}
        Notify me when it's back
      </button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Get an email when it's back"
        description={`${name} is out of stock. We'll send you one email when it can be ordered again.`}
        size="max-w-md"
      >
        <EmailForm alert={alert} onDone={done} />
      </Dialog>
    </>
  );
}

function EmailForm({ alert, onDone }: { alert: ReturnType<typeof useStockAlert>; onDone: () => void }) {
  return (
    <EmailSignupForm
      submitLabel="Notify me"
      footnote="Only for this product; we won't add you to any other list."
      pending={alert.isPending}
      serverError={alert.isError ? signupErrorText(alert.error) : null}
      onEmail={(email) => alert.mutate(email, { onSuccess: onDone })}
      onEdit={() => alert.reset()}
    />
  );
}
