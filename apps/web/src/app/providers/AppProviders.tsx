import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { FeedbackProvider } from '@/shared/feedback/FeedbackProvider';
import { useLocale } from '@/shared/i18n/useLocale';
import { theme } from './theme';

/**
 * Theme, antd locale (zhCN/enUS follows the interface language) and notifications: what every
 * page needs, /login included. Server data (TanStack Query) is provided behind the guard, in the
 * console's chunk (app/guard/ConsoleSession), so the sign-in page does not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
