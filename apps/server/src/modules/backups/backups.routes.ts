import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addBackupRequest, backupListQuery, backupPage, backupPermission, backupRunView, backupSettingsView } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { okResponse } from '@server/platform/openapi';
import { sessionOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { BackupsService } from './backups.service';

const tags = ['backups'];

/** The backups page (system_backup, under system maintenance; platform administrator only). */
export function registerBackupsRoutes(app: FastifyInstance, { backups }: { backups: BackupsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const page = { permission: backupPermission.backups, platformAdmin: true } as const;

  r.get('/general/system/backup/getBackups', { config: page, schema: { tags, summary: 'The backup runs, newest first: state, trigger, size, duration, location, error', querystring: backupListQuery, response: okResponse(backupPage) } }, async (request) =>
    ok(await backups.runs(request.query, requestLocale(request))),
  );
  r.get('/general/system/backup/getBackupSettings', { config: page, schema: { tags, summary: 'The backup settings in effect: BACKUP_DIR, BACKUP_CRON and its next time, BACKUP_KEEP, BACKUP_S3_PREFIX', response: okResponse(backupSettingsView) } }, async () =>
    ok(await backups.settings()),
  );
  r.post('/general/system/backup/addBackup', { config: page, schema: { tags, summary: 'Back up now → the run, running (refused while another runs or BACKUP_DIR is unset)', body: addBackupRequest, response: okResponse(backupRunView) } }, async (request) =>
    ok(await backups.backUpNow(sessionOf(request).userId, requestLocale(request))),
  );
}
