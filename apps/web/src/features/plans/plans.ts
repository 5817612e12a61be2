import type { Plan } from '@haat/contracts';
import { formatINR } from '../../lib/format.ts';

export const TRIAL_DAYS = 14;
/** Registering a new domain for an Enterprise shop, per year, in rupees (spec 01 §9). */
export const NEW_DOMAIN_RUPEES_PER_YEAR = 999;

export interface PlanInfo {
  id: Plan;
  name: string;
  /** Rupees per month; 0 is free forever. */
  monthlyRupees: number;
  summary: string;
  /** The shop's address on this plan, given the platform domain. */
  address: (platformDomain: string) => string;
  features: string[];
  limitations: string[];
}

const COMMON = [
  'Online shop with cart and checkout',
  'Cash on delivery and UPI payments',
  'Listing on the Haat marketplace',
  'Inventory, orders and point of sale',
];

export const PLAN_INFO: PlanInfo[] = [
  {
    id: 'basic',
    name: 'Basic',
    monthlyRupees: 0,
    summary: 'Everything you need to start selling, free forever.',
    address: (d) => `${d}/store/your-shop`,
    features: [...COMMON],
    limitations: ['Your shop lives under the Haat address (/store/your-shop)'],
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyRupees: 299,
    summary: 'Your own subdomain, for a shop that looks like a brand.',
    address: (d) => `your-shop.${d}`,
    features: ['Everything in Basic', 'Your own subdomain'],
    limitations: ['Custom domains need Enterprise'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyRupees: 999,
    summary: 'Your shop on your own domain name.',
    address: () => 'www.your-shop.in',
    features: ['Everything in Professional', 'Connect a domain you already own'],
    limitations: [
      `A new domain registered through us costs ${formatINR(NEW_DOMAIN_RUPEES_PER_YEAR)} a year extra`,
    ],
  },
];
