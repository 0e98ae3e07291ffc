import { ErrorCode } from '@smartdata/domain';

/**
 * A call answered with an envelope whose code is not 0. `msg` is the server's localized message;
 * `data` is whatever the envelope carried (for 50001 the readable reason).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }

  /** The session is gone (70004 token missing/invalid, 70006 expired/revoked). */
  get isSessionInvalid(): boolean {
    return this.code === ErrorCode.tokenInvalid || this.code === ErrorCode.tokenExpired;
  }
}

/** The request got no answer: the network failed, or the 30 s timeout ran out. */
export class NetworkError extends Error {
  readonly timeout: boolean;

  constructor(message: string, timeout: boolean) {
    super(message);
    this.name = 'NetworkError';
    this.timeout = timeout;
  }
}

/** The request could not be built or sent (bad URL, unserializable body, ...). */
export class RequestSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestSetupError';
  }
}

export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
