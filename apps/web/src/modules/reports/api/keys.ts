/** Query keys of the reports module. */
export const reportsKeys = {
  all: ['reports'] as const,
  template: (id: number) => [...reportsKeys.all, 'template', id] as const,
  preview: (id: number, period: string, from: number, to: number) => [...reportsKeys.all, 'preview', id, period, from, to] as const,
  deliveries: (pageNum: number, pageSize: number) => [...reportsKeys.all, 'deliveries', pageNum, pageSize] as const,
};
