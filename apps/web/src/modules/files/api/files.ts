import { useQuery } from '@tanstack/react-query';
import type { AddFileRequest, AddFileVersionRequest, DownloadUrl, FileDetail, FileDownloadRequest, FileSettings } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { filesKeys } from './keys';

/** `GET /file/getFile?id=`: the file with its versions, newest (current) first. */
export function fetchFile(id: number, signal?: AbortSignal): Promise<FileDetail> {
  return api.get<FileDetail>('/file/getFile', { id }, { signal });
}

export function useFileQuery(id: number) {
  return useQuery({ queryKey: filesKeys.file(id), queryFn: ({ signal }) => fetchFile(id, signal), enabled: Number.isSafeInteger(id) && id > 0, retry: false });
}

/** `GET /file/getFileSettings`: the company's size limit and allowed types (checked before uploading). */
export function fetchFileSettings(signal?: AbortSignal): Promise<FileSettings> {
  return api.get<FileSettings>('/file/getFileSettings', undefined, { signal });
}

export function useFileSettingsQuery() {
  return useQuery({ queryKey: filesKeys.settings(), queryFn: ({ signal }) => fetchFileSettings(signal), staleTime: 60_000 });
}

/** `POST /file/addFile {parentId, objectKey}` → the new file and its node. */
export function addFile(request: AddFileRequest): Promise<{ id: number; nodeId: number }> {
  return api.post<{ id: number; nodeId: number }>('/file/addFile', request);
}

/** `POST /file/addFileVersion {id, objectKey}` */
export function addFileVersion(request: AddFileVersionRequest): Promise<{ versionId: number }> {
  return api.post<{ versionId: number }>('/file/addFileVersion', request);
}

export function useAddFileVersionMutation(id: number) {
  return useInvalidatingMutation(addFileVersion, filesKeys.file(id));
}

/**
 * `POST /file/getFileDownloadUrl {id, versionId?}`: a signed URL (5 minutes). Silent: the page
 * shows the spec's own text when it cannot be had (下载信息获取失败！).
 */
export function fetchDownloadUrl(request: FileDownloadRequest): Promise<DownloadUrl & { fileName: string; contentType: string }> {
  return api.post<DownloadUrl & { fileName: string; contentType: string }>('/file/getFileDownloadUrl', request, { silent: true });
}

/** `POST /file/updateFileSettings {maxMb, allowedTypes}` (company administrator). */
export function updateFileSettings(request: FileSettings): Promise<null> {
  return api.post<null>('/file/updateFileSettings', request);
}

export function useUpdateFileSettingsMutation() {
  return useInvalidatingMutation(updateFileSettings, filesKeys.settings());
}
