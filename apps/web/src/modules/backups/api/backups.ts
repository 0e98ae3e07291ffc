import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { backupLimits, type BackupRunView, type BackupSettingsView, type Page, type PageQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { backupsKeys } from './keys';

/** `GET /system/backup/getBackups`: the runs, newest first. */
export function fetchBackups(page: PageQuery, signal?: AbortSignal): Promise<Page<BackupRunView>> {
  return api.get<Page<BackupRunView>>('/system/backup/getBackups', { ...page }, { signal });
}

/** The runs; read again every 2 s while one of them is running (its end shows without a reload). */
export function useBackupsQuery(page: PageQuery) {
  return useQuery({
    queryKey: backupsKeys.runs(page),
    queryFn: ({ signal }) => fetchBackups(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((run) => run.state === 'running') ? backupLimits.pollMs : false),
  });
}

/** `GET /system/backup/getBackupSettings`: BACKUP_DIR, the schedule and its next time, BACKUP_KEEP, the S3 prefix. */
export function fetchBackupSettings(signal?: AbortSignal): Promise<BackupSettingsView> {
  return api.get<BackupSettingsView>('/system/backup/getBackupSettings', {}, { signal });
}

/** The settings; read again every 2 s while a backup runs (the button waits for it). */
export function useBackupSettingsQuery() {
  return useQuery({
    queryKey: backupsKeys.settings(),
    queryFn: ({ signal }) => fetchBackupSettings(signal),
    refetchInterval: (query) => (query.state.data?.running ? backupLimits.pollMs : false),
  });
}

/** `POST /system/backup/addBackup {}`: back up now → the run, running. */
export function addBackup(): Promise<BackupRunView> {
  return api.post<BackupRunView>('/system/backup/addBackup', {});
}

export function useAddBackupMutation() {
  return useInvalidatingMutation(addBackup, backupsKeys.all);
}
