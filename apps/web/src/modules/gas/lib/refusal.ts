import { ApiError } from '@/shared/api/ApiError';

/** The reason of a refused call (50001: a text in `data`, or `{reason, detail?}` beside the message). */
export function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError)) {
    return null;
  }
  if (typeof error.data === 'string' && error.data !== '') {
    return error.data;
  }
  if (error.data && typeof error.data === 'object') {
    const data = error.data as { reason?: unknown; detail?: unknown; message?: unknown };
    const detail = typeof data.message === 'string' ? data.message : typeof data.detail === 'string' ? data.detail : null;
    return [error.message, detail].filter(Boolean).join(' — ');
  }
  return error.message;
}
