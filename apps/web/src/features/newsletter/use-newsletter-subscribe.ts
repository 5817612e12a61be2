import { ApiError, queryApi } from '../../lib/api.ts';
import { useMutation } from '../../lib/query.ts';

export interface NewsletterSubscription {
  email: string;
}

/** Which list a newsletter box signs up to. */
export interface NewsletterTarget {
  /** POST endpoint: 202 (a confirmation link is mailed; the answer is the same for an address on the list). */
  endpoint: string;
  /** The shop slug for a shop's own list (sent as store-origin). */
  storeOrigin?: string | null;
}

/** The platform newsletter of the marketing site's footer. */
export const PLATFORM_NEWSLETTER: NewsletterTarget = { endpoint: '/api/user/newsletter/' };
/** A shop's own newsletter, from its storefront footer. */
export const shopNewsletter = (slug: string): NewsletterTarget => ({
  endpoint: '/api/store/newsletter/',
  storeOrigin: slug,
});

export function useNewsletterSubscribe(target: NewsletterTarget = PLATFORM_NEWSLETTER) {
  return useMutation({
    mutationFn: (email: string) =>
      queryApi<NewsletterSubscription>(target.endpoint, {
        method: 'POST',
        body: { email },
        storeOrigin: target.storeOrigin,
        // Failures and success are both said under the field.
        silent: true,
      }),
  });
}

/** The text shown under the field for a failed subscription. */
export function newsletterErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 0) return 'You appear to be offline. Please check your connection and try again.';
  if (err.status >= 500) return 'Something went wrong on our end. Please try again later.';
  if (err.status === 429) return err.message || 'Too many attempts. Please wait a moment and try again.';
  const issue = err.envelope?.error.issues?.[0]?.message;
  if (err.status === 409) return err.message || 'This email is already subscribed';
  if (err.status === 403) return err.message || 'This shop is not taking sign-ups right now.';
  return issue || err.message || 'Please check your email address and try again.';
}
