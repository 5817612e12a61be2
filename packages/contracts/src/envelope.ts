import { z } from 'zod';

/** The success envelope every route answers with: `{ success, data, message }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string() });

export const errorIssue = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof errorIssue>;

/** The failure envelope: a human message, a machine code, optional field issues, and the request id. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({
    code: z.string(),
    reason: z.string().optional(),
    status: z.string().optional(),
    issues: z.array(errorIssue).optional(),
    /** What the client needs to put things right (the server's figures of a bill, the stock left). */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'STORE_UNAVAILABLE',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
