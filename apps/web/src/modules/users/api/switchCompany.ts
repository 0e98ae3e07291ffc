import type { z } from 'zod';
import type { Id, switchCompanyRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';

/** `POST /user/switchCompany {companyId}`: makes another of the user's companies the current one. */
export function switchCompany(companyId: Id): Promise<null> {
  const request: z.input<typeof switchCompanyRequest> = { companyId };
  return api.post<null>('/user/switchCompany', request);
}
