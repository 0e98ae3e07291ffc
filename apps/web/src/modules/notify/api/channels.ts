import { useMutation, useQuery } from '@tanstack/react-query';
import type { AddChannelRequest, ChannelOptions, ChannelTestResult, ChannelView, IdResponse, NotifySetting, UpdateChannelRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { notifyKeys } from './keys';

/** `GET /notify/getChannels`: the company's channels, address masked, secret only as set. */
export function fetchChannels(signal?: AbortSignal): Promise<ChannelView[]> {
  return api.get<ChannelView[]>('/notify/getChannels', undefined, { signal });
}

export function useChannelsQuery() {
  return useQuery({ queryKey: notifyKeys.channels(), queryFn: ({ signal }) => fetchChannels(signal) });
}

export function addChannel(request: AddChannelRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/notify/addChannel', request);
}

export function useAddChannelMutation() {
  return useInvalidatingMutation(addChannel, notifyKeys.all);
}

export function updateChannel(request: UpdateChannelRequest): Promise<null> {
  return api.post<null>('/notify/updateChannel', request);
}

export function useUpdateChannelMutation() {
  return useInvalidatingMutation(updateChannel, notifyKeys.all);
}

export function deleteChannel(id: number): Promise<null> {
  return api.post<null>('/notify/deleteChannel', { id });
}

export function useDeleteChannelMutation() {
  return useInvalidatingMutation(deleteChannel, notifyKeys.all);
}

/** `POST /notify/testChannel {id}`: sends a test message now and answers the receiver's reply. */
export function testChannel(id: number): Promise<ChannelTestResult> {
  return api.post<ChannelTestResult>('/notify/testChannel', { id });
}

export function useTestChannelMutation() {
  return useMutation({ mutationFn: testChannel });
}

export function useNotifySettingQuery() {
  return useQuery({ queryKey: notifyKeys.setting(), queryFn: ({ signal }) => api.get<NotifySetting>('/notify/getNotifySetting', undefined, { signal }) });
}

export function useUpdateNotifySettingMutation() {
  return useInvalidatingMutation((setting: NotifySetting) => api.post<null>('/notify/updateNotifySetting', setting), notifyKeys.setting());
}

/**
 * `GET /notify/getChannelOptions`: the channels by name and whether SMS and e-mail can carry alarms
 * (the rule editors). Silent: an editor without any of its codes just sees no channels.
 */
export function useChannelOptionsQuery() {
  return useQuery({ queryKey: notifyKeys.options(), queryFn: ({ signal }) => api.get<ChannelOptions>('/notify/getChannelOptions', undefined, { signal, silent: true }) });
}
