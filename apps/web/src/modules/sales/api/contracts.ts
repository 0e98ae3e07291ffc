import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddContractRequest,
  ContractFileRequest,
  ContractListQuery,
  IdResponse,
  Page,
  RenewContractRequest,
  SalesContract,
  SignContractRequest,
  UpdateContractRequest,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { uploadObject } from '@/shared/api/objectUpload';
import { salesKeys, withoutEmpty } from './keys';

/** `GET /sales/getContractList` (keyword: number, title, customer; state; customer). */
export function useContractListQuery(query: Partial<ContractListQuery>, enabled = true) {
  return useQuery({
    queryKey: salesKeys.contracts(query),
    queryFn: ({ signal }) => api.get<Page<SalesContract>>('/sales/getContractList', withoutEmpty(query), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /sales/getContract?id=` with its files. */
export function useContractQuery(id: number) {
  return useQuery({ queryKey: salesKeys.contract(id), queryFn: ({ signal }) => api.get<SalesContract>('/sales/getContract', { id }, { signal }), enabled: id > 0 });
}

/** Sales moves touch contracts, orders, the renewal view and (orders) the inventory's stock. */
export function useSalesMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: salesKeys.all }), queryClient.invalidateQueries({ queryKey: ['inventory'] })]),
  });
}

export const useAddContractMutation = () => useSalesMutation((request: AddContractRequest) => api.post<IdResponse>('/sales/addContract', request));
export const useUpdateContractMutation = () => useSalesMutation((request: UpdateContractRequest) => api.post<null>('/sales/updateContract', request));
export const useSignContractMutation = () => useSalesMutation((request: SignContractRequest) => api.post<null>('/sales/signContract', request));
export const useCancelContractMutation = () => useSalesMutation((id: number) => api.post<null>('/sales/cancelContract', { id }));
export const useCloseContractMutation = () => useSalesMutation((id: number) => api.post<null>('/sales/closeContract', { id }));
export const useRenewContractMutation = () => useSalesMutation((request: RenewContractRequest) => api.post<null>('/sales/renewContract', request));
export const useRemoveContractFileMutation = () => useSalesMutation((request: ContractFileRequest) => api.post<null>('/sales/removeContractFile', request));

/** Uploads a file to object storage (credential → PUT) and attaches it to the contract. */
export const useUploadContractFileMutation = () =>
  useSalesMutation(async ({ id, file }: { id: number; file: File }) => {
    const objectKey = await uploadObject(file, 'object');
    return api.post<null>('/sales/addContractFile', { id, objectKey });
  });

/** `GET /sales/getContractFileUrl`: a signed download URL (5 minutes). */
export function fetchContractFileUrl(request: ContractFileRequest): Promise<{ url: string; expiresAt: number }> {
  return api.get<{ url: string; expiresAt: number }>('/sales/getContractFileUrl', { ...request });
}
