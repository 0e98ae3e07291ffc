import { Card, Descriptions, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useDeviceCardQuery } from '../api/cards';
import { SIM_LIST_PATH, simCardPath } from '../lib/simPaths';
import { CarrierTag, DataCardStateTag, SimStatusTag } from './SimTags';
import { SimUsageBar } from './SimUsageBar';
import '../sim.css';

/**
 * The SIM card bound to a gateway, for the gateway's page: number (a link to the card), carrier,
 * status and usage. Shown only to those who may see cards and gateways (the call takes both).
 */
export function GatewaySimCard({ deviceId }: { deviceId: number }) {
  const codes = useMenuCodes();
  const allowed = codes.has('dm_sim_card') && codes.has('dm_gateway');
  if (!allowed) {
    return null;
  }
  return <GatewaySimCardBody deviceId={deviceId} />;
}

function GatewaySimCardBody({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('sim');
  const card = useDeviceCardQuery(deviceId);
  return (
    <Card size="small" title={t('gateway.title')} className="sd-sim-gateway-card">
      {card.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : card.data ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('fields.number')}>
            <Link to={simCardPath(card.data.id)} className="sd-mono">
              {card.data.number}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.carrier')}>
            <CarrierTag carrier={card.data.carrier} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <SimStatusTag status={card.data.status} rawStatus={card.data.rawStatus} lastSyncAt={card.data.lastSyncAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.state')}>
            <DataCardStateTag state={card.data.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.usage')}>
            <SimUsageBar usedMb={card.data.usedMb} planMb={card.data.planMb} usedPercent={card.data.usedPercent} alertPercent={card.data.alertPercent} />
          </Descriptions.Item>
          {card.data.warning && (
            <Descriptions.Item label={t('warning.short')}>
              <span className="sd-sim-sync--error">{t('warning.title')}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateway.none')}>
          <Link to={SIM_LIST_PATH}>{t('gateway.toList')}</Link>
        </Empty>
      )}
    </Card>
  );
}
