import { useTranslation } from 'react-i18next';
import { locales } from '@smartdata/domain';
import { pickLocaleAtSignIn } from '@/shared/i18n/locale';
import { useLocale } from '@/shared/i18n/useLocale';

/**
 * 中文 / English switch for pages without the navbar (sign-in, register, reset); light on purpose.
 * A pick here also wins over the user's saved language at the sign-in that follows.
 */
export function LanguageSegmented({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className={className ? `sd-lang-switch ${className}` : 'sd-lang-switch'} role="group" aria-label={t('language.label')}>
      {locales.map((value) => (
        <button
          key={value}
          type="button"
          lang={value}
          aria-pressed={value === locale}
          className={value === locale ? 'sd-lang-switch__option sd-lang-switch__option--active' : 'sd-lang-switch__option'}
          onClick={() => void pickLocaleAtSignIn(value)}
        >
          {t(`language.${value}`)}
        </button>
      ))}
    </div>
  );
}
