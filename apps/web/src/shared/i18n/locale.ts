import i18next from 'i18next';
import { defaultLocale, locales, type Locale } from '@smartdata/domain';

/** localStorage key of the chosen interface language (remembered across sessions). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** A text given in both interface languages (route titles, product title). */
export type Localized = Readonly<Record<Locale, string>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
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
