import { useMutation } from '@tanstack/react-query';
import type { SmsPurpose } from '@smartdata/domain';
import { api } from '@/shared/api/client';

export interface SmsCodeSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/** `GET /user/access/getSmsCode?phone=&purpose=` */
export function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<SmsCodeSent> {
  return api.get<SmsCodeSent>('/user/access/getSmsCode', { phone, purpose });
}

export function useSendSmsCodeMutation(purpose: SmsPurpose) {
  return useMutation({ mutationFn: (phone: string) => sendSmsCode(phone, purpose) });
}
