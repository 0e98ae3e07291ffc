import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/** The time-range presets of spec §9: today, yesterday, last 7 days, this month, this year. */
export function timeRangePresets(t: TFunction): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs();
  return [
    { label: t('system:timePresets.today'), value: [today.startOf('day'), today.endOf('day')] },
    { label: t('system:timePresets.yesterday'), value: [today.subtract(1, 'day').startOf('day'), today.subtract(1, 'day').endOf('day')] },
    { label: t('system:timePresets.last7Days'), value: [today.subtract(6, 'day').startOf('day'), today.endOf('day')] },
    { label: t('system:timePresets.thisMonth'), value: [today.startOf('month'), today.endOf('day')] },
    { label: t('system:timePresets.thisYear'), value: [today.startOf('year'), today.endOf('day')] },
  ];
}
