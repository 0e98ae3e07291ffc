import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  webhookLimits,
  type AddSubscriptionRequest,
  type DeliveryView,
  type IdResponse,
  type Page,
  type PageQuery,
  type SetSubscriptionEnabledRequest,
  type SubscriptionTestResult,
  type SubscriptionView,
  type UpdateSubscriptionRequest,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { webhooksKeys } from './keys';

/** `GET /webhook/getSubscriptions`: all of the company's subscriptions (at most 20, one page). */
export function fetchSubscriptions(signal?: AbortSignal): Promise<Page<SubscriptionView>> {
  return api.get<Page<SubscriptionView>>('/webhook/getSubscriptions', { pageNum: 1, pageSize: webhookLimits.subscriptionsMax }, { signal });
}

export function useSubscriptionsQuery() {
  return useQuery({ queryKey: webhooksKeys.subscriptions(), queryFn: ({ signal }) => fetchSubscriptions(signal) });
}

export function addSubscription(request: AddSubscriptionRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/webhook/addSubscription', request);
}

export function useAddSubscriptionMutation() {
  return useInvalidatingMutation(addSubscription, webhooksKeys.all);
}

export function updateSubscription(request: UpdateSubscriptionRequest): Promise<null> {
  return api.post<null>('/webhook/updateSubscription', request);
}

export function useUpdateSubscriptionMutation() {
  return useInvalidatingMutation(updateSubscription, webhooksKeys.all);
}

export function setSubscriptionEnabled(request: SetSubscriptionEnabledRequest): Promise<null> {
  return api.post<null>('/webhook/setSubscriptionEnabled', request);
}

export function useSetSubscriptionEnabledMutation() {
  return useInvalidatingMutation(setSubscriptionEnabled, webhooksKeys.all);
}

export function deleteSubscription(id: number): Promise<null> {
  return api.post<null>('/webhook/deleteSubscription', { id });
}

export function useDeleteSubscriptionMutation() {
  return useInvalidatingMutation(deleteSubscription, webhooksKeys.all);
}

/** `POST /webhook/testSubscription {id}`: a signed webhook.test now, and the receiver's reply. */
export function testSubscription(id: number): Promise<SubscriptionTestResult> {
  return api.post<SubscriptionTestResult>('/webhook/testSubscription', { id });
}

export function useTestSubscriptionMutation() {
  return useMutation({ mutationFn: testSubscription });
}

/** `GET /webhook/getDeliveries?id&pageNum&pageSize`: the log, newest first; read again every 5 s while shown (retries change it). */
export function useSubscriptionDeliveriesQuery(id: number | null, page: PageQuery) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(id ?? 0, page),
    queryFn: ({ signal }) => api.get<Page<DeliveryView>>('/webhook/getDeliveries', { id: id ?? 0, ...page }, { signal }),
    enabled: id !== null,
    refetchInterval: 5000,
    placeholderData: keepPreviousData,
  });
}
