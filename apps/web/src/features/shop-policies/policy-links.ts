import { POLICY_TITLES, type PolicyKind } from '@haat/contracts/policy-text';

/** The shop's policy pages' addresses, e.g. /store/asha/policies/refund. */
export const policyPath = (base: string, kind: PolicyKind) => `${base}/policies/${kind}`;

/** The footer's policy links, in the order shoppers expect them. */
export const POLICY_LINKS: { kind: PolicyKind; text: string }[] = [
  { kind: 'privacy', text: POLICY_TITLES.privacy },
  { kind: 'terms', text: POLICY_TITLES.terms },
  { kind: 'refund', text: POLICY_TITLES.refund },
  { kind: 'shipping', text: 'Shipping' },
  { kind: 'returns', text: 'Returns' },
];

const THEME_ANCHORS: Record<string, PolicyKind> = {
  '#privacy': 'privacy',
  '#terms': 'terms',
  '#refund': 'refund',
  '#refunds': 'refund',
  '#shipping': 'shipping',
  '#returns': 'returns',
};

/** Theme links written as in-page anchors to a policy ('#shipping') lead to that policy's page. */
export const policyFromThemeHref = (href: string): PolicyKind | null =>
  THEME_ANCHORS[href.trim().toLowerCase()] ?? null;
