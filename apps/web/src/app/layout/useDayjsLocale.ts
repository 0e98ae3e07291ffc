import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';

const dayjsLocales: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * Date pickers take their labels from antd's locale but month and weekday names from dayjs:
 * this keeps dayjs in the interface language, so a Chinese calendar does not show "Su Mo Tu".
 */
export function useDayjsLocale(): void {
  const locale = useLocale();
  // Set during render too, so the first picker a page draws already has the right names.
  if (dayjs.locale() !== dayjsLocales[locale]) {
    dayjs.locale(dayjsLocales[locale]);
  }
  useEffect(() => {
    dayjs.locale(dayjsLocales[locale]);
  }, [locale]);
}
