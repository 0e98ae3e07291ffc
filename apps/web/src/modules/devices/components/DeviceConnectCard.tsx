import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceConnectInfoQuery } from '../api/connect';
import { DeviceTransports } from './DeviceTransports';

/** A device's page: how this device connects — every transport the server answers, with its SN filled in. */
export function DeviceConnectCard({ sn, className }: { sn: string; className?: string }) {
  const { t } = useTranslation(['devices', 'common']);
  const info = useDeviceConnectInfoQuery();
  return (
    <Card size="small" title={t('transports.title')} className={className} data-testid="device-transports">
      {info.isError ? (
        <Result
          status="warning"
          title={t('transports.loadFailed')}
          extra={
            <Button size="small" onClick={() => void info.refetch()}>
              {t('common:list.retry')}
            </Button>
          }
        />
      ) : !info.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <DeviceTransports transports={info.data.transports} sn={sn} telemetryTopic={info.data.topics.telemetry} layout="tabs" />
      )}
    </Card>
  );
}
