import { formatINR } from '../../lib/format.ts';

/** Rupees as the customer pays them: whole rupees, or with paise when there are any (₹449.10, never ₹449). */
export const formatAmount = (rupees: number) => formatINR(rupees, { paise: !Number.isInteger(rupees) });
