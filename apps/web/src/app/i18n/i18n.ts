import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { errorCodeInfo, locales, productTitle, userTexts, type Locale } from '@smartdata/domain';
import { readStoredLocale } from '@/shared/i18n/locale';
import { moduleLocaleBackend } from './moduleLocales';
import zhCommon from './locales/zh-CN.json';
import enCommon from './locales/en-US.json';

/**
 * Namespaces: `common` (layout, validation, shared texts; the default), `texts` (spec §8 user
 * texts word for word, from the domain), `errors` (error-code texts), `product` (title) — all
 * bundled — and one per module (`auth`, `home`, ...), loaded on first use from the module's
 * locales/{zh-CN,en-US}.json.
 */
const common: Record<Locale, Record<string, unknown>> = { 'zh-CN': zhCommon, 'en-US': enCommon };

export function buildBundledResources(): Resource {
  const resources: Resource = {};
  for (const locale of locales) {
    resources[locale] = {
      common: common[locale],
      texts: Object.fromEntries(Object.entries(userTexts).map(([key, text]) => [key, text[locale]])),
      errors: Object.fromEntries(Object.entries(errorCodeInfo).map(([code, info]) => [code, info[locale]])),
      product: { title: productTitle[locale] },
    };
  }
  return resources;
}

export function initI18n(): typeof i18next {
  const lng = readStoredLocale();
  void i18next
    .use(moduleLocaleBackend)
    .use(initReactI18next)
    .init({
      resources: buildBundledResources(),
      partialBundledLanguages: true,
      lng,
      fallbackLng: false,
      supportedLngs: [...locales],
      load: 'currentOnly',
      defaultNS: 'common',
      ns: ['common', 'texts', 'errors', 'product'],
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = lng;
  return i18next;
}
