import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSegmented } from '@/shared/components/LanguageSegmented';
import { ProductMark } from '@/shared/components/ProductMark';
import '../auth.css';

/**
 * The frame of the sign-in, register and reset pages: an industrial gradient backdrop, the
 * product title above a centered card, and the language switch.
 */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['auth', 'product']);
  return (
    <div className="sd-auth">
      <div className="sd-auth__backdrop" aria-hidden="true" />
      <header className="sd-auth__topbar">
        <LanguageSegmented className="sd-auth__language" />
      </header>
      <main className="sd-auth__main">
        <div className="sd-auth__brand">
          <ProductMark size={48} />
          <h1 className="sd-auth__title">{t('product:title')}</h1>
          <p className="sd-auth__tagline">{t('brand.tagline')}</p>
        </div>
        <section className="sd-auth__card">{children}</section>
      </main>
      <footer className="sd-auth__footer">{t('brand.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
