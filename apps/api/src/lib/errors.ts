import type { ErrorCode, ErrorIssue } from '@haat/contracts';

/** An expected failure with its HTTP status; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      reason?: string;
      status?: string;
      issues?: ErrorIssue[];
      details?: Record<string, unknown>;
    } = {},
    /** Seconds until a limited call may be tried again (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const tooManyRequests = (message: string, retryAfter: number, reason?: string) =>
  new AppError(429, 'RATE_LIMITED', message, { reason }, Math.max(1, Math.ceil(retryAfter)));
export const unauthenticated = (message = 'Your session has expired. Please login again.', reason?: string) =>
  new AppError(401, 'UNAUTHENTICATED', message, { reason });
export const forbidden = (message = "You don't have permission to perform this action.", reason?: string) =>
  new AppError(403, 'FORBIDDEN', message, { reason });

export const notFound = (message = 'The requested resource was not found.') =>
  new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, reason?: string) =>
  new AppError(409, 'CONFLICT', message, { reason });
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, { issues });
