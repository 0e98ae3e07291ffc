import type { PageQuery } from '@smartdata/domain';

/** Query keys of the backups module (the runs, the settings in effect). */
export const backupsKeys = {
  all: ['backups'] as const,
  runs: (page: PageQuery) => [...backupsKeys.all, 'runs', page] as const,
  settings: () => [...backupsKeys.all, 'settings'] as const,
};
