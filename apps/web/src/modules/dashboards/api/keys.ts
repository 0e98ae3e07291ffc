import type { CarouselListQuery, DashboardListQuery } from '@smartdata/domain';

/** Query keys of the dashboards module. */
export const dashboardsKeys = {
  all: ['dashboards'] as const,
  list: (params: Required<DashboardListQuery>) => [...dashboardsKeys.all, 'list', params] as const,
  board: (id: number) => [...dashboardsKeys.all, 'board', id] as const,
  templates: (locale: string) => [...dashboardsKeys.all, 'templates', locale] as const,
  /** Everything a widget reads from one data item (invalidated by live pushes). */
  itemData: (itemId: number) => [...dashboardsKeys.all, 'itemData', itemId] as const,
  latest: (itemId: number, rows: number) => [...dashboardsKeys.itemData(itemId), 'latest', rows] as const,
  alarms: () => [...dashboardsKeys.all, 'alarms'] as const,
  devices: () => [...dashboardsKeys.all, 'devices'] as const,
  carousels: ['carousels'] as const,
  carouselList: (params: Required<CarouselListQuery>) => [...dashboardsKeys.carousels, 'list', params] as const,
  carousel: (id: number) => [...dashboardsKeys.carousels, 'one', id] as const,
  schedule: (id: number, version: string) => [...dashboardsKeys.carousels, 'schedule', id, version] as const,
};
