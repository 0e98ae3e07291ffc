// `none` and the visibility rule sit in a file of their own (not permissions.ts): the web's route
// table needs NO_PERMISSION in the sign-in page's bundle, without the permission tree.

/** The value of a route permission that needs no code. */
export const NO_PERMISSION = 'none';

/** A route is visible when its permission is `none` or among the user's codes (spec §2). */
export function canSee(permission: string, codes: ReadonlySet<string> | readonly string[]): boolean {
  if (permission === NO_PERMISSION) {
    return true;
  }
  return Array.isArray(codes) ? codes.includes(permission) : (codes as ReadonlySet<string>).has(permission);
}
