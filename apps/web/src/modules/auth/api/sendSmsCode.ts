import type { GetSmsCodeQuery, GetSmsCodeResponse, SmsPurpose } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useAction } from './useAction';

/** `GET /user/access/getSmsCode?phone=&purpose=` */
export function sendSmsCode(query: GetSmsCodeQuery): Promise<GetSmsCodeResponse> {
  return api.get<GetSmsCodeResponse>('/user/access/getSmsCode', query);
}

export function useSendSmsCode(purpose: SmsPurpose) {
  return useAction((phone: string) => sendSmsCode({ phone, purpose }));
}
