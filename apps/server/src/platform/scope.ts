import { ErrorCode } from '@smartdata/domain';
import type { Session } from './auth/sessions';
import { AppError } from './errors';

/**
 * The company a call works on: the caller's current company, or — for the platform administrator
 * only — the company the request names. Anyone else naming another company gets 40400, as for
 * any id of another company.
 */
export function targetCompany(session: Session, requested?: number): number {
  if (requested !== undefined && requested !== session.companyId) {
    if (!session.isPlatformAdmin) {
      throw new AppError(ErrorCode.notFound);
    }
    return requested;
  }
  if (session.companyId === null) {
    throw new AppError(ErrorCode.permissionDenied, 'auth.noCompany');
  }
  return session.companyId;
}

/** Parses a JSON list of codes or ids stored as text. */
export function parseJsonList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
