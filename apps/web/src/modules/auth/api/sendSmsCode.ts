import type { SmsPurpose } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useAction } from './useAction';

export interface SmsCodeSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/** `GET /user/access/getSmsCode?phone=&purpose=` */
export function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<SmsCodeSent> {
  return api.get<SmsCodeSent>('/user/access/getSmsCode', { phone, purpose });
}

export function useSendSmsCode(purpose: SmsPurpose) {
  return useAction((phone: string) => sendSmsCode(phone, purpose));
}
