import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarouselDetail, CarouselSchedule, CarouselSummary, Page, UpdateCarouselRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dashboardsKeys } from './keys';
import type { BoardListParams } from './boards';

/** `GET /boardPlay/getBoardPlayList?pageNum&pageSize&keyword` */
export function useCarouselListQuery(params: BoardListParams) {
  return useQuery({
    queryKey: dashboardsKeys.carouselList(params),
    queryFn: ({ signal }) => api.get<Page<CarouselSummary>>('/boardPlay/getBoardPlayList', { ...params, keyword: params.keyword || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
}
/** `GET /boardPlay/getBoardPlay?id` (draft and published versions) */
export function useCarouselQuery(id: number) {
  return useQuery({
    queryKey: dashboardsKeys.carousel(id),
    queryFn: ({ signal }) => api.get<CarouselDetail>('/boardPlay/getBoardPlay', { id }, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
/** `GET /boardPlay/getSchedule?id&version` — which board is on now, and the next turns. */
export function fetchSchedule(id: number, version: 'draft' | 'published', signal?: AbortSignal): Promise<CarouselSchedule> {
  return api.get<CarouselSchedule>('/boardPlay/getSchedule', { id, version, count: 5 }, { signal, silent: true });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardsKeys.carousels });
}
/** `POST /boardPlay/addBoardPlay {name}` */
export function useAddCarouselMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (name: string) => api.post<{ id: number }>('/boardPlay/addBoardPlay', { name }), onSuccess: invalidate });
}
/** `POST /boardPlay/updateBoardPlay` (name and draft) */
export function useUpdateCarouselMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (request: UpdateCarouselRequest) => api.post<null>('/boardPlay/updateBoardPlay', request), onSuccess: invalidate });
}
/** `POST /boardPlay/publishBoardPlay {id}` */
export function usePublishCarouselMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.post<null>('/boardPlay/publishBoardPlay', { id }), onSuccess: invalidate });
}
/** `POST /boardPlay/deleteBoardPlay {id}` */
export function useDeleteCarouselMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.post<null>('/boardPlay/deleteBoardPlay', { id }), onSettled: invalidate });
}
