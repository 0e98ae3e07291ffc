import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataCardState, OperationState, SimCarrier, SimStatus } from '@smartdata/domain';

const carrierColor: Record<SimCarrier, string> = { none: 'default', mobile: 'blue', unicom: 'red', telecom: 'geekblue' };
const statusColor: Record<SimStatus, string> = { none: 'default', normal: 'success', suspended: 'error', silent: 'warning', test: 'processing', suspendedKept: 'volcano' };
const stateColor: Record<DataCardState, string> = { notActivated: 'default', running: 'success', abnormal: 'error' };
const operationColor: Record<OperationState, string> = { pending: 'default', submitted: 'processing', confirmed: 'success', failed: 'error' };

/** 移动 / 联通 / 电信 / 无 (spec §3). */
export function CarrierTag({ carrier }: { carrier: SimCarrier }) {
  const { t } = useTranslation('sim');
  return <Tag color={carrierColor[carrier]}>{t(`carriers.${carrier}`)}</Tag>;
}

/** A card status of spec §3, with the carrier's raw code as its title. */
export function SimStatusTag({ status, rawStatus }: { status: SimStatus; rawStatus?: string | null }) {
  const { t } = useTranslation('sim');
  return (
    <Tag color={statusColor[status]} title={rawStatus ? t('fields.rawStatus', { code: rawStatus }) : undefined}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** A data-card state of spec §4. */
export function DataCardStateTag({ state }: { state: DataCardState }) {
  const { t } = useTranslation('sim');
  return <Tag color={stateColor[state]}>{t(`states.${state}`)}</Tag>;
}

/** pending → submitted → confirmed | failed. */
export function OperationStateTag({ state }: { state: OperationState }) {
  const { t } = useTranslation('sim');
  return <Tag color={operationColor[state]}>{t(`operationStates.${state}`)}</Tag>;
}
