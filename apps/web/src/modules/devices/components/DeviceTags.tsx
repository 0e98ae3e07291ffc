import { Badge, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { lifecycleNames, lifecycleStatuses, type BindState, type DeviceItem, type LifecycleStatus } from '@smartdata/domain';
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

/**
 * The lifecycle status "4 已绑定 / Bound" already says that a bound device is bound, so the binding
 * tag only adds something beside it while the two differ: awaiting the device's confirmation, or
 * unbound (then the status tells where the device is: stored, shipped out, disabled...).
 */
export function bindTagAddsToStatus(bindState: BindState, status: LifecycleStatus): boolean {
  return !(bindState === 'bound' && status === lifecycleStatuses.bound);
}

/** A device's state at a glance (page header): online, lifecycle, and binding when it says more. */
export function DeviceStateTags({ device }: { device: Pick<DeviceItem, 'online' | 'status' | 'bindState'> }) {
  return (
    <Space wrap size="small">
      <OnlineBadge online={device.online} />
      <StatusTag status={device.status} />
      {bindTagAddsToStatus(device.bindState, device.status) && <BindTag state={device.bindState} />}
    </Space>
  );
}
