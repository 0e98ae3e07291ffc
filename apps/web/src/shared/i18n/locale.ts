import i18next from 'i18next';
import { defaultLocale, locales, type Locale } from '@smartdata/domain';

/** localStorage key of the chosen interface language (remembered across sessions). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** A text given in both interface languages (route titles, product title). */
export type Localized = Readonly<Record<Locale, string>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * sessionStorage key of the language picked with the sign-in page's own switch in this tab: that
 * fresh choice is kept for the sign-in that follows (see `applySessionLocale`).
 */
export const SIGN_IN_PICK_STORAGE_KEY = 'language-picked-at-sign-in';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The language remembered in localStorage, Chinese by default (spec: defaults to Chinese). */
export function readStoredLocale(): Locale {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLocale(stored) ? stored : defaultLocale;
}

export function storeLocale(locale: Locale): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, locale);
}

/** The language the interface shows now; the API client sends it as Accept-Language. */
export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : readStoredLocale();
}

export function localize(text: Localized, locale: Locale): string {
  return text[locale];
}

/** Switches the interface language and remembers it (localStorage key `language`). */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
  }
  await i18next.changeLanguage(locale);
}

/** The sign-in page's switch: shows the language at once and keeps the pick for the sign-in. */
export async function pickLocaleAtSignIn(locale: Locale): Promise<void> {
  tabStorage()?.setItem(SIGN_IN_PICK_STORAGE_KEY, locale);
  await changeLocale(locale);
}

/**
 * The language a new session starts in. The user's saved language (settings page, kept on the
 * server and answered by getUser) wins over what this browser remembers, so it follows the user to
 * another browser or a cleared one; only a language picked on the sign-in page just before signing
 * in wins over it, being the fresher choice. The pick is used up. Null: nothing to change.
 */
export function sessionLocale(savedLanguage: string | null | undefined): Locale | null {
  const picked = tabStorage()?.getItem(SIGN_IN_PICK_STORAGE_KEY);
  tabStorage()?.removeItem(SIGN_IN_PICK_STORAGE_KEY);
  if (isLocale(picked)) {
    return picked;
  }
  return isLocale(savedLanguage) ? savedLanguage : null;
}

/** At sign-in: switches the interface to `sessionLocale` (and remembers it) when it differs. */
export async function applySessionLocale(savedLanguage: string | null | undefined): Promise<void> {
  const locale = sessionLocale(savedLanguage);
  if (locale && locale !== currentLocale()) {
    await changeLocale(locale);
  }
}
