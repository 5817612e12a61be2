import type { ErrorCode, ErrorIssue } from '@haat/contracts';

/** An expected failure with its HTTP status; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { reason?: string; status?: string; issues?: ErrorIssue[] } = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'The requested resource was not found.') =>
  new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, reason?: string) =>
  new AppError(409, 'CONFLICT', message, { reason });
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, { issues });
