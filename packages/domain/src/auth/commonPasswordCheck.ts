/**
 * The common-password rule of `passwordSchema`, without the list: the list (~60 KB) registers itself
 * here when its module, auth/commonPasswords.ts, is loaded — by the server at start (app.ts) and by
 * the web's password forms when they open (a chunk of its own, off the console's start). Until then
 * no password counts as common, so the server's check is the one that always holds.
 */
let check: (password: string) => boolean = () => false;

export function registerCommonPasswords(isCommon: (password: string) => boolean): void {
  check = isCommon;
}

/** Whether a password is one of the most common ones, by the list registered (none yet: false). */
export function isRegisteredCommonPassword(password: string): boolean {
  return check(password);
}
