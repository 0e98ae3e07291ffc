import type { WechatLoginOption, WechatQrConnect } from '@smartdata/domain';
import { api } from '@/shared/api/client';

/** `GET /user/access/getWechatLoginOption`: whether the sign-in page offers the WeChat tab. */
export function getWechatLoginOption(): Promise<WechatLoginOption> {
  return api.get<WechatLoginOption>('/user/access/getWechatLoginOption', undefined, { silent: true });
}

/** `GET /user/access/getWechatLoginUrl`: WeChat's qrconnect page for this browser (a fresh single-use state). */
export function getWechatLoginUrl(): Promise<WechatQrConnect> {
  return api.get<WechatQrConnect>('/user/access/getWechatLoginUrl');
}
