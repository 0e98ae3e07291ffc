import { ErrorCode, type ErrorCodeValue, type Locale } from '@smartdata/domain';

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

  /**
   * Envelope fields beside `code`/`msg`/`data`, in the caller's language, for a refusal that says
   * more than one reason (a rejected flow lists every problem). `data` here replaces the default.
   * The envelope's one error handler calls it; nothing else translates.
   */
  envelopeFields(_locale: Locale): Record<string, unknown> | null {
    return null;
  }
}

export const validationError = (reason: string) => new AppError(ErrorCode.validationFailed, reason);
export const notFound = (reason?: string) => new AppError(ErrorCode.notFound, reason);
export const permissionDenied = (reason?: string) => new AppError(ErrorCode.permissionDenied, reason);
export const conflict = (reason: string) => new AppError(ErrorCode.conflict, reason);
export const rateLimited = (reason?: string) => new AppError(ErrorCode.rateLimited, reason);
