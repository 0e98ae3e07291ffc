/** Paths of the gas module's pages (route table, apps/web/src/app/router/routeTable.ts). */
export const BLENDING_PATH = '/gas/blending';
export const HIGH_PURITY_PATH = '/gas/highPurity';
export const CERTIFICATE_PATH = '/gas/certificate';

export const blendOrderPath = (id: number): string => `/gas/blending/order/${id}`;
export const certificatePath = (id: number): string => `/gas/certificate/detail/${id}`;
export const BLEND_ORDERS_TAB = `${BLENDING_PATH}?tab=orders`;
/** The calculator holding a draft order's input, to change and save back. */
export const blendEditPath = (id: number): string => `${BLENDING_PATH}?edit=${id}`;

/** The public verification page of a certificate code (what its QR code opens). */
export const verifyPath = (code: string): string => `/verify/${encodeURIComponent(code)}`;

/** The verification link as a customer gets it: this console's origin + /verify/<code>. */
export function verifyUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}${verifyPath(code)}`;
}
