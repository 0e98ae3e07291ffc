import type { AddCompanyRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { companiesKeys } from './keys';

/** `POST /company/addCompany {displayName, timeZone}` (platform administrator) → the new id. */
export function addCompany(request: AddCompanyRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/company/addCompany', request);
}

export function useAddCompanyMutation() {
  return useInvalidatingMutation(addCompany, companiesKeys.all);
}
