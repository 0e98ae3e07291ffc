import { useMutation, useQuery } from '@tanstack/react-query';
import type { UpdateWechatSettingRequest, WechatBinding, WechatQrConnect, WechatSetting } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

const wechatKeys = {
  binding: () => [...usersKeys.all, 'wechatBinding'] as const,
  setting: () => [...usersKeys.all, 'wechatSetting'] as const,
};

/** `GET /user/getWechatBinding`: whether my WeChat account is bound. */
export function getWechatBinding(signal?: AbortSignal): Promise<WechatBinding> {
  return api.get<WechatBinding>('/user/getWechatBinding', undefined, { signal });
}

export function useWechatBindingQuery() {
  return useQuery({ queryKey: wechatKeys.binding(), queryFn: ({ signal }) => getWechatBinding(signal) });
}

/** `POST /user/bindWechat`: WeChat's qrconnect page to bind my account (the browser goes there). */
export function bindWechat(): Promise<WechatQrConnect> {
  return api.post<WechatQrConnect>('/user/bindWechat', {});
}

export function useBindWechatMutation() {
  return useMutation({ mutationFn: bindWechat });
}

/** `POST /user/unbindWechat` */
export function unbindWechat(): Promise<null> {
  return api.post<null>('/user/unbindWechat', {});
}

export function useUnbindWechatMutation() {
  return useInvalidatingMutation(unbindWechat, wechatKeys.binding());
}

/** `GET /wechat/getWechatSetting` (platform administrators): the AppID, the secret only as set. */
export function getWechatSetting(signal?: AbortSignal): Promise<WechatSetting> {
  return api.get<WechatSetting>('/wechat/getWechatSetting', undefined, { signal });
}

export function useWechatSettingQuery(enabled: boolean) {
  return useQuery({ queryKey: wechatKeys.setting(), queryFn: ({ signal }) => getWechatSetting(signal), enabled });
}

/** `POST /wechat/updateWechatSetting` */
export function updateWechatSetting(request: UpdateWechatSettingRequest): Promise<null> {
  return api.post<null>('/wechat/updateWechatSetting', request);
}

export function useUpdateWechatSettingMutation() {
  return useInvalidatingMutation(updateWechatSetting, usersKeys.all);
}
