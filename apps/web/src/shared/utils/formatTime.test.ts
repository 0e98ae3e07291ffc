import { afterEach, describe, expect, it } from 'vitest';
import type { CompanySummary } from '@smartdata/domain';
import { useSessionStore } from '@/shared/session/sessionStore';
import { companyTimeZone } from '@/shared/session/companyTimeZone';
import { formatDate, formatDateTime } from './formatTime';

const instant = Date.UTC(2026, 10, 21, 20, 30, 5); // 2026-11-21 20:30:05 UTC

function inCompany(timeZone: string): void {
  const company: CompanySummary = { companyId: 1, displayName: 'A', cfg: '', timeZone, isPlatform: false };
  useSessionStore.setState({ company });
}

describe('formatTime', () => {
  afterEach(() => useSessionStore.setState({ company: null }));

  it("shows instants on the company's wall clock, not the browser's", () => {
    inCompany('Asia/Shanghai');
    expect(formatDateTime(instant)).toBe('2026-11-22 04:30:05');
    expect(formatDate(instant)).toBe('2026-11-22');
    inCompany('America/New_York');
    expect(formatDateTime(instant)).toBe('2026-11-21 15:30:05');
    expect(formatDate(instant)).toBe('2026-11-21');
  });

  it('uses Asia/Shanghai without a company, and a zone given explicitly', () => {
    expect(companyTimeZone()).toBe('Asia/Shanghai');
    expect(formatDateTime(instant)).toBe('2026-11-22 04:30:05');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-11-21 20:30:05');
  });

  it('answers — for no instant', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
  });
});
