/** Paths of the sales pages (route table: /sales/*) and the inventory outbound detail they link to. */
export const ORDER_LIST_PATH = '/sales/order';
export const CONTRACT_LIST_PATH = '/sales/contract';
export const RENEWALS_PATH = '/sales/order?tab=renewals';
export const orderDetailPath = (id: number) => `/sales/order/detail/${id}`;
export const contractDetailPath = (id: number) => `/sales/contract/detail/${id}`;
/** The inventory module's outbound detail, where an outbound order is shipped or cancelled. */
export const outboundDetailPath = (id: number) => `/inventory/outbound/detail/${id}`;
