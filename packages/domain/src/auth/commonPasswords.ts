import { registerCommonPasswords } from './commonPasswordCheck';
import { commonPasswords } from './commonPasswords.data';

let known: ReadonlySet<string> | undefined;

/**
 * Whether a password is one of the most common ones (a maintained list, checked offline:
 * commonPasswords.data.ts, generated from @zxcvbn-ts/language-common by scripts/common-passwords.mjs).
 * Letter case does not matter: "Passw0rd" is "passw0rd". A separate module from validators.ts so the
 * sign-in page does not carry the list: its forms load it when they open (auth/commonPasswordRule).
 * Loading this module registers the list with passwordSchema (commonPasswordCheck.ts).
 */
export function isCommonPassword(password: string): boolean {
  known ??= new Set(commonPasswords);
  return known.has(password.toLowerCase());
}

registerCommonPasswords(isCommonPassword);
