import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AddCarouselRequest,
  CarouselDetail,
  CarouselIdRequest,
  CarouselListQuery,
  CarouselSchedule,
  CarouselScheduleQuery,
  CarouselSummary,
  IdResponse,
  Page,
  UpdateCarouselRequest,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dashboardsKeys } from './keys';
import type { BoardListParams } from './boards';

/** `GET /boardPlay/getBoardPlayList?pageNum&pageSize&keyword` */
export function fetchCarouselList(query: CarouselListQuery, signal?: AbortSignal): Promise<Page<CarouselSummary>> {
  return api.get<Page<CarouselSummary>>('/boardPlay/getBoardPlayList', { ...query, keyword: query.keyword || undefined }, { signal });
}
export function useCarouselListQuery(params: BoardListParams) {
  return useQuery({
    queryKey: dashboardsKeys.carouselList(params),
    queryFn: ({ signal }) => fetchCarouselList(params, signal),
    placeholderData: keepPreviousData,
  });
}
/** `GET /boardPlay/getBoardPlay?id` (draft and published versions) */
export function fetchCarousel(query: CarouselIdRequest, signal?: AbortSignal): Promise<CarouselDetail> {
  return api.get<CarouselDetail>('/boardPlay/getBoardPlay', query, { signal });
}
export function useCarouselQuery(id: number) {
  return useQuery({
    queryKey: dashboardsKeys.carousel(id),
    queryFn: ({ signal }) => fetchCarousel({ id }, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
/** `GET /boardPlay/getSchedule?id&version` — which board is on now, and the next turns. */
export function fetchSchedule(id: number, version: CarouselScheduleQuery['version'], signal?: AbortSignal): Promise<CarouselSchedule> {
  const query: CarouselScheduleQuery = { id, version, count: 5 };
  return api.get<CarouselSchedule>('/boardPlay/getSchedule', query, { signal, silent: true });
}

/** `POST /boardPlay/addBoardPlay {name}` */
export function addCarousel(request: AddCarouselRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/boardPlay/addBoardPlay', request);
}
export const useAddCarouselMutation = () => useInvalidatingMutation((name: string) => addCarousel({ name }), dashboardsKeys.carousels);
/** `POST /boardPlay/updateBoardPlay` (name and draft) */
export function updateCarousel(request: UpdateCarouselRequest): Promise<null> {
  return api.post<null>('/boardPlay/updateBoardPlay', request);
}
export const useUpdateCarouselMutation = () => useInvalidatingMutation(updateCarousel, dashboardsKeys.carousels);
/** `POST /boardPlay/publishBoardPlay {id}` */
export function publishCarousel(request: CarouselIdRequest): Promise<null> {
  return api.post<null>('/boardPlay/publishBoardPlay', request);
}
export const usePublishCarouselMutation = () => useInvalidatingMutation((id: number) => publishCarousel({ id }), dashboardsKeys.carousels);
/** `POST /boardPlay/deleteBoardPlay {id}` */
export function deleteCarousel(request: CarouselIdRequest): Promise<null> {
  return api.post<null>('/boardPlay/deleteBoardPlay', request);
}
export const useDeleteCarouselMutation = () => useInvalidatingMutation((id: number) => deleteCarousel({ id }), dashboardsKeys.carousels, 'settled');
