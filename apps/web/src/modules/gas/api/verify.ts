import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { VerifyAnswer } from './types';

/** `GET /gas/verify?code=` (public, no sign-in): the state and key facts of a certificate. */
export function fetchVerification(code: string, signal?: AbortSignal): Promise<VerifyAnswer> {
  return api.get<VerifyAnswer>('/gas/verify', { code }, { signal, silent: true });
}

export function useVerificationQuery(code: string) {
  return useQuery({ queryKey: ['gas', 'verify', code], queryFn: ({ signal }) => fetchVerification(code, signal), retry: false });
}
