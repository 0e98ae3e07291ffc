import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';

/** `POST /user/switchCompany {companyId}`: makes another of the user's companies the current one. */
export function switchCompany(companyId: Id): Promise<null> {
  return api.post<null>('/user/switchCompany', { companyId });
}
