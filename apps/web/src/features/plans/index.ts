// The plans (Basic, Professional, Enterprise): what the pricing page and the registration wizard show.
export { NEW_DOMAIN_RUPEES_PER_YEAR, PLAN_INFO, type PlanInfo, TRIAL_DAYS } from './plans.ts';
