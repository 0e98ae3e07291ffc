import { LOGIN_PATH } from './routeTable';

/**
 * The `redirect` parameter of /login, accepted only as a path of this console (no other origin,
 * no protocol-relative `//host`, not /login itself).
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`) || value.startsWith(`${LOGIN_PATH}/`)) {
    return null;
  }
  return value;
}

/** /login?redirect=<wanted path with its query> (spec §2). */
export function loginPathFor(wanted: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}
