/** The text of packages/domain/src/auth/commonPasswords.data.ts for the installed package's list. */
export function commonPasswordsSource(): string;
