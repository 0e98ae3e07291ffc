import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { lifecycleNames, type BindState, type LifecycleStatus } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';

export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('devices');
  return <Badge status={online ? 'success' : 'default'} text={online ? t('online.yes') : t('online.no')} data-testid="device-online" />;
}

export function BindTag({ state }: { state: BindState }) {
  const { t } = useTranslation('devices');
  return <Tag color={state === 'bound' ? 'blue' : state === 'awaiting' ? 'orange' : 'default'}>{t(`bind.states.${state}`)}</Tag>;
}

const statusColors: Record<LifecycleStatus, string> = { 0: 'default', 1: 'cyan', 2: 'gold', 3: 'purple', 4: 'blue', 9: 'red' };

export function StatusTag({ status }: { status: LifecycleStatus }) {
  const locale = useLocale();
  return <Tag color={statusColors[status]}>{lifecycleNames[status][locale]}</Tag>;
}
