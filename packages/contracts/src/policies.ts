import { z } from 'zod';
import { POLICY_KINDS } from './policy-text.ts';

// The kinds, titles and text blocks live in policy-text.ts (no zod: a shop's footer and policy page import them).
export * from './policy-text.ts';

export const POLICY_MAX = 20_000;

export const policyKindParam = z.object({
  kind: z.enum(POLICY_KINDS, { error: 'kind must be privacy, terms, refund, shipping or returns' }),
});

export const policyBody = z.strictObject({
  body: z
    .string({ error: 'Policy text is required' })
    .trim()
    .min(1, 'Policy text is required')
    .max(POLICY_MAX, `Policy text must be at most ${POLICY_MAX.toLocaleString('en-IN')} characters`)
    .refine((s) => !/<\/?[a-z!][^>]*>/i.test(s), 'Use plain text: HTML tags such as <p> are not allowed'),
});
export type PolicyBody = z.input<typeof policyBody>;

export const shopPolicy = z.object({
  kind: z.enum(POLICY_KINDS),
  title: z.string(),
  body: z.string(),
  /** True while the shop shows the platform's template (filled with its name and contacts). */
  is_template: z.boolean(),
  /** When the vendor last saved their own text; null for the template. */
  updated_at: z.string().nullable(),
});
export type ShopPolicy = z.infer<typeof shopPolicy>;
