import type { TFunction } from 'i18next';

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people: bytes, KB, MB, GB, TB (1024-based; one decimal from KB on), `—` when unknown. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) {
    return '—';
  }
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A run's duration in the interface language: "850 毫秒", "12 秒", "3 分 5 秒", `—` when unknown. */
export function formatDuration(ms: number | null, t: TFunction<'backups'>): string {
  if (ms === null) {
    return '—';
  }
  if (ms < 1000) {
    return t('duration.ms', { count: ms });
  }
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) {
    return t('duration.seconds', { count: seconds });
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return t('duration.minutes', { minutes, seconds: seconds % 60 });
  }
  return t('duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
