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
  return (
    <Tag color={carrierColor[carrier]} className="sd-nowrap">
      {t(`carriers.${carrier}`)}
    </Tag>
  );
}

/**
 * A card status of spec §3, with the carrier's raw code as its title. A card never synced has no
 * status from its carrier yet: it says so ("未同步") instead of the bare "无" (issue 31.15).
 */
export function SimStatusTag({ status, rawStatus, lastSyncAt }: { status: SimStatus; rawStatus?: string | null; lastSyncAt: number | null }) {
  const { t } = useTranslation('sim');
  const notSynced = status === 'none' && lastSyncAt === null;
  return (
    <Tag color={statusColor[status]} className="sd-nowrap" title={notSynced ? t('statuses.notSyncedHint') : rawStatus ? t('fields.rawStatus', { code: rawStatus }) : undefined}>
      {t(notSynced ? 'statuses.notSynced' : `statuses.${status}`)}
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
