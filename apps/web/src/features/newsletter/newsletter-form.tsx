import { CircleAlert, CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  type NewsletterTarget,
  newsletterErrorText,
  PLATFORM_NEWSLETTER,
  useNewsletterSubscribe,
} from './use-newsletter-subscribe.ts';

/**
 * A footer's newsletter box: checked with the shared schema, then really subscribed on the server, to the
 * platform's list or a shop's own (`target`). `preview` shows it inert (the template editor). The field and
 * button sit side by side once the box itself is wide enough (a container query, so a narrow footer column
 * stacks them even on a wide screen).
 */
export function NewsletterForm({
  target = PLATFORM_NEWSLETTER,
  preview = false,
}: {
  target?: NewsletterTarget;
  preview?: boolean;
}) {
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const subscribe = useNewsletterSubscribe(target);
  const inputId = useId();
  const messageId = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (preview) return;
    // The schemas (and zod) load on the first submit, not with every page that shows the footer.
    const { newsletterBody } = await import('@haat/contracts');
    const parsed = newsletterBody.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      subscribe.reset();
      return;
    }
    setClientError(null);
    subscribe.mutate(parsed.data.email, { onSuccess: () => setEmail('') });
  };

  const error = clientError ?? (subscribe.isError ? newsletterErrorText(subscribe.error) : null);
  const succeeded = subscribe.isSuccess && !clientError;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Newsletter" className="@container w-full">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-200">
        Email address
      </label>
      <fieldset disabled={preview} className="mt-2 flex min-w-0 flex-col gap-2 @xs:flex-row">
        <input
          id={inputId}
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
          aria-describedby={messageId}
          className="min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-4 py-2.5 text-white placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
        >
          {subscribe.isPending ? <Spinner /> : null}
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </fieldset>
      <div id={messageId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {error ? (
          <p className="flex items-start gap-1.5 text-red-300">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : succeeded ? (
          <p className="flex items-start gap-1.5 text-emerald-300">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            Check your mail to confirm: we sent a link to {subscribe.data?.email}.
          </p>
        ) : null}
      </div>
    </form>
  );
}
