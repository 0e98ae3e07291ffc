import { useQuery } from '@tanstack/react-query';
import type { CompanySummary, Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useSessionStore } from '@/shared/session/sessionStore';
import { companiesKeys } from './keys';

/** `GET /company/getCompany`: the current company (name, cfg with the logo, time zone). */
export function fetchCompany(signal?: AbortSignal): Promise<CompanySummary> {
  return api.get<CompanySummary>('/company/getCompany', undefined, { signal });
}

export function useCompanyQuery() {
  return useQuery({ queryKey: companiesKeys.current(), queryFn: ({ signal }) => fetchCompany(signal) });
}

/**
 * Puts a fresh copy of the current company into the session store, so the sidebar title and
 * logo (and everything else reading the session) change at once after a save.
 */
export function storeSessionCompany(company: CompanySummary): void {
  useSessionStore.setState((state) => ({
    company,
    user: state.user
      ? {
          ...state.user,
          company,
          companies: state.user.companies.map((item) => (String(item.companyId) === String(company.companyId) ? company : item)),
        }
      : state.user,
  }));
}

/** Reloads the current company into the session store (after a name, time zone or logo change). */
export async function refreshSessionCompany(): Promise<CompanySummary> {
  const company = await fetchCompany();
  storeSessionCompany(company);
  return company;
}

/** Whether `companyId` is the company the session works in. */
export function isSessionCompany(companyId: Id | undefined): boolean {
  const current = useSessionStore.getState().company;
  return companyId === undefined || (current !== null && String(current.companyId) === String(companyId));
}
