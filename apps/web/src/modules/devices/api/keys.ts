import type { DeviceListQuery } from '@smartdata/domain';

/** Query keys of the devices module. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: (query: Partial<DeviceListQuery>) => [...deviceKeys.all, 'list', query] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  firmware: (model: string) => [...deviceKeys.all, 'firmware', model] as const,
  configVersions: (id: number) => [...deviceKeys.all, 'configVersions', id] as const,
  lifecycle: (id: number) => [...deviceKeys.all, 'lifecycle', id] as const,
  connectInfo: () => [...deviceKeys.all, 'connectInfo'] as const,
};
