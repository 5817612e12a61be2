// A shop's policy pages: the addresses the footer links to. The page itself (policy-page.tsx) is loaded by the
// storefront face when visited, so it is not exported here (a shop's first page would carry it).
export { POLICY_LINKS, policyFromThemeHref, policyPath } from './policy-links.ts';
