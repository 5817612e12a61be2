// The newsletter feature's public face for other features: the sign-up form and the shop newsletter call.
export { NewsletterForm } from './newsletter-form.tsx';
export { shopNewsletter } from './use-newsletter-subscribe.ts';
