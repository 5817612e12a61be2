import { useMutation } from '@tanstack/react-query';
import { ApiError, queryApi } from '../../lib/api.ts';

export interface NewsletterSubscription {
  email: string;
}

/** POST /api/user/newsletter/: 201 on success, 409 when the address is already subscribed. */
export function useNewsletterSubscribe() {
  return useMutation({
    mutationFn: (email: string) =>
      queryApi<NewsletterSubscription>('/api/user/newsletter/', {
        method: 'POST',
        body: { email },
        // Failures are shown next to the field; success also gets the catalogue's Created toast.
        silent: true,
        successToast: true,
      }),
  });
}

/** The text shown under the field for a failed subscription. */
export function newsletterErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 0) return 'You appear to be offline. Please check your connection and try again.';
  if (err.status >= 500) return 'Something went wrong on our end. Please try again later.';
  if (err.status === 429) return 'Too many attempts. Please wait a moment and try again.';
  const issue = err.envelope?.error.issues?.[0]?.message;
  if (err.status === 409) return err.message || 'This email is already subscribed';
  return issue || err.message || 'Please check your email address and try again.';
}
