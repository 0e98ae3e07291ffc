import { ErrorCode, type ErrorCodeValue } from '@smartdata/domain';

/**
 * The one error type of the server. `reason` is a message key or readable text that ends up in
 * the envelope's `data` (50001) or `msg`; the error handler translates and hides 5xx internals.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly reason?: string,
    readonly data: unknown = null,
  ) {
    super(reason ?? String(code));
    this.name = 'AppError';
  }
}

export const validationError = (reason: string) => new AppError(ErrorCode.validationFailed, reason);
export const notFound = (reason?: string) => new AppError(ErrorCode.notFound, reason);
export const permissionDenied = (reason?: string) => new AppError(ErrorCode.permissionDenied, reason);
export const conflict = (reason: string) => new AppError(ErrorCode.conflict, reason);
export const rateLimited = (reason?: string) => new AppError(ErrorCode.rateLimited, reason);
