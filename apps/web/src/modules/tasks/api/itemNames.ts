import { useQuery } from '@tanstack/react-query';
import { limits, type DataItemSummary, type Page } from '@smartdata/domain';
import { dataItemsKeys } from '@/modules/data-items/api/keys';
import { api } from '@/shared/api/client';

/**
 * The data items the caller can read, for names in task lists and pickers (the data-items module's
 * list, same cache); silent, so a user who holds a task permission but not the data cabin sees ids
 * instead of an error notice.
 */
export function useItemNamesQuery() {
  return useQuery({
    queryKey: dataItemsKeys.list({}),
    queryFn: ({ signal }) => api.get<Page<DataItemSummary>>('/dataItem/getDataItemList', { pageNum: 1, pageSize: limits.pageSizeMax }, { signal, silent: true }),
  });
}
