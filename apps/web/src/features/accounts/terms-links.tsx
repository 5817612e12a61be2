import type { AuthTarget } from './auth-target.ts';

/**
 * "Terms and Privacy Policy" as links: on the main domain the platform's own pages, in a shop that shop's pages
 * (a customer account belongs to the shop). They open in a new tab so the form keeps what was typed.
 */
export function TermsLinks({ target }: { target: AuthTarget }) {
  const [terms, privacy] =
    target.role === 'CUSTOMER'
      ? [`${target.base}/policies/terms`, `${target.base}/policies/privacy`]
      : ['/terms', '/privacy'];
  const cls = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
  return (
    <>
      <a href={terms} target="_blank" rel="noopener" className={cls}>
        Terms
      </a>{' '}
      and{' '}
      <a href={privacy} target="_blank" rel="noopener" className={cls}>
        Privacy Policy
      </a>
    </>
  );
}
