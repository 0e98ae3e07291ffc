import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatMb, usageTone } from '../lib/simText';

interface Props {
  usedMb: number;
  planMb: number | null;
  usedPercent: number | null;
  alertPercent?: number;
  /** Narrow (a phone's list): the % goes under the bar with the numbers. */
  compact?: boolean;
}

/** Used / allowance as a bar with its numbers; without an allowance only what was used. */
export function SimUsageBar({ usedMb, planMb, usedPercent, alertPercent, compact = false }: Props) {
  const { t } = useTranslation('sim');
  const locale = useLocale();
  const text = planMb === null ? t('usage.usedOnly', { used: formatMb(usedMb, locale) }) : t('usage.ofPlan', { used: formatMb(usedMb, locale), plan: formatMb(planMb, locale) });
  return (
    <div className="sd-sim-usage" aria-label={text}>
      <Progress
        percent={Math.min(100, usedPercent ?? 0)}
        status={usageTone(usedPercent, alertPercent) === 'exception' ? 'exception' : 'normal'}
        strokeColor={usageTone(usedPercent, alertPercent) === 'warning' ? '#fa8c16' : undefined}
        size="small"
        showInfo={!compact}
        format={() => (usedPercent === null ? '—' : `${usedPercent}%`)}
      />
      <span className="sd-muted sd-sim-usage__text">{compact && usedPercent !== null ? `${usedPercent}% · ${text}` : text}</span>
    </div>
  );
}
