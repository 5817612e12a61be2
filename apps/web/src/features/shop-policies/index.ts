// A shop's policy pages: the storefront page and the addresses the footer links to.
export { POLICY_LINKS, policyFromThemeHref } from './policy-links.ts';
export { PolicyPage, policyPath } from './policy-page.tsx';
