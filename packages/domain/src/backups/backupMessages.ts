import type { Locale } from '../shared/errors';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of backups (issue 38), both languages; `{0}` from `key|a`. */
export const backupMessages: Record<string, Record<Locale, string>> = {
  'backup.off': t('未配置备份目录（BACKUP_DIR），无法备份', 'No backup folder is configured (BACKUP_DIR): backups are off'),
  'backup.running': t('已有备份正在进行，请等它完成后再试', 'A backup is already running: try again when it has finished'),
  'backup.interrupted': t('备份被中断（服务器在备份期间停止）', 'The backup was interrupted (the server stopped while it ran)'),
  'backup.missedSlot': t('计划于 {0} 的定时备份未执行（服务器当时未运行）', 'The backup scheduled for {0} did not run (the server was not running)'),
  'backup.alarm.failed': t('定时备份失败', 'Scheduled backup failed'),
  'backup.alarm.missed': t('定时备份未执行', 'Scheduled backup missed'),
};
