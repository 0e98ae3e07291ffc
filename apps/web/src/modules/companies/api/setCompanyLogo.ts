import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyLogoCfg, ObjectKeyRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { uploadObject } from '@/shared/api/objectUpload';
import { refreshSessionCompany } from './getCompany';
import { companiesKeys } from './keys';

/**
 * Uploads a logo image and makes it the company logo: signed upload (purpose `logo`), then
 * `POST /company/setCompanyLogo {objectKey}`, where the server makes the 150px thumbnail.
 */
export async function uploadCompanyLogo(file: File): Promise<Required<CompanyLogoCfg>> {
  const request: ObjectKeyRequest = { objectKey: await uploadObject(file, 'logo') };
  return api.post<Required<CompanyLogoCfg>>('/company/setCompanyLogo', request);
}

export function useUploadCompanyLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSuccess: async () => {
      await refreshSessionCompany();
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
  });
}
