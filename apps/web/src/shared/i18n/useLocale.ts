import { useTranslation } from 'react-i18next';
import type { Locale } from '@smartdata/domain';
import { isLocale, readStoredLocale } from './locale';

/** The current interface language; components re-render when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : readStoredLocale();
}
