import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { FeedbackProvider } from '@/shared/feedback/FeedbackProvider';
import { useLocale } from '@/shared/i18n/useLocale';
import { queryClient } from './queryClient';
import { theme } from './theme';

/** Data, theme, antd locale (zhCN/enUS follows the interface language) and notifications. */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={theme} button={{ autoInsertSpace: false }}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
