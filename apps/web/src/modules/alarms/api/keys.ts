import type { AlarmListQuery } from '@smartdata/domain';

/** The filters of the alarm log (paging included); absent filters are left out. */
export type AlarmListParams = Partial<AlarmListQuery>;

/** Query keys of the alarms module. */
export const alarmsKeys = {
  all: ['alarms'] as const,
  rules: () => [...alarmsKeys.all, 'rules'] as const,
  alarms: () => [...alarmsKeys.all, 'list'] as const,
  alarmPage: (params: AlarmListParams) => [...alarmsKeys.alarms(), params] as const,
  count: () => [...alarmsKeys.all, 'count'] as const,
  deliveries: (alarmId: number) => [...alarmsKeys.all, 'deliveries', alarmId] as const,
  watches: () => [...alarmsKeys.all, 'watches'] as const,
  recipients: (kind: 'members' | 'groups') => [...alarmsKeys.all, 'recipients', kind] as const,
  targetDevices: (keyword: string, pageSize: number) => [...alarmsKeys.all, 'targetDevices', keyword, pageSize] as const,
};
