/** Paths of the inventory pages (route table: /inventory/*, the outbound detail and its printable note). */
export const OUTBOUND_LIST_PATH = '/inventory/outbound';
export const outboundDetailPath = (id: number) => `/inventory/outbound/detail/${id}`;
export const outboundNotePath = (id: number) => `/inventoryOutboundNote/${id}`;
