import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IoSocketSecret } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useIoSocketQuery } from '../api/getIoSocket';
import { useRegenerateIoSocketSecretMutation } from '../api/regenerateIoSocketSecret';
import { DeviceTransports } from '@/modules/devices/components/DeviceTransports';
import { SecretOnceModal } from '../components/SecretOnceModal';
import '../settings.css';

/** The device list, where a device is added and its own secret shown (or reset). */
const DEVICE_LIST_PATH = '/smartdata/device';

/**
 * /sysSetting/ioSocket: how a device reaches the platform (DESIGN.md §5, issue 37) — every
 * transport the server answers (MQTT, MQTTS with its CA, MQTT over WebSocket, HTTP) with copyable
 * commands (devices' DeviceTransports, as on a device's page), and the per-device credentials the
 * server actually checks: user name and client id = the device SN, password = the device's own
 * secret (docs/devices.md, "Device access"). The company key pair is shown apart, marked reserved: the broker does not accept it.
 */
export function IoSocketPage() {
  const { t } = useTranslation(['settings', 'texts']);
  const confirm = useConfirmAction();
  const info = useIoSocketQuery();
  const regenerate = useRegenerateIoSocketSecretMutation();
  const [secret, setSecret] = useState<IoSocketSecret | null>(null);

  const handleRegenerate = () =>
    confirm({ title: t('ioSocket.regenerateTitle'), content: t('ioSocket.regenerateContent'), okText: t('ioSocket.regenerate'), focus: 'cancel', run: async () => setSecret(await regenerate.mutateAsync()) });

  const data = info.data;
  const prefix = data?.topicPrefix ?? 'sd/';
  const topic = (rest: string) => `${prefix}{sn}/${rest}`;
  const toDevices = <Link to={DEVICE_LIST_PATH}>{t('ioSocket.toDevices')}</Link>;

  return (
    <div className="sd-page">
      <PageHeader title={t('ioSocket.title')} description={t('ioSocket.description')} />
      {info.isError ? (
        <Card>
          <Result
            status="warning"
            title={t('ioSocket.loadFailed')}
            extra={
              <Button type="primary" onClick={() => void info.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          />
        </Card>
      ) : (
        <div className="sd-io-socket">
          <Card title={t('ioSocket.settingsTitle')}>
            {!data ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : (
              <Descriptions
                bordered
                column={1}
                size="middle"
                styles={{ label: { width: 'min(160px, 30%)', whiteSpace: 'nowrap' } }}
                items={[
                  {
                    key: 'clientId',
                    label: t('ioSocket.clientId'),
                    children: <span data-testid="io-socket-client-id">{t('ioSocket.clientIdRule')}</span>,
                  },
                  {
                    key: 'userName',
                    label: t('ioSocket.userName'),
                    children: <span data-testid="io-socket-user-name">{t('ioSocket.userNameRule')}</span>,
                  },
                  {
                    key: 'password',
                    label: t('ioSocket.password'),
                    children: (
                      <span className="sd-io-socket__secret">
                        <span data-testid="io-socket-password">{t('ioSocket.passwordRule')}</span>
                        {toDevices}
                      </span>
                    ),
                  },
                  { key: 'prefix', label: t('ioSocket.topicPrefix'), children: <code className="sd-io-socket__code">{data.topicPrefix}</code> },
                ]}
              />
            )}
          </Card>
          <Card title={t('ioSocket.howTitle')}>
            <ol className="sd-io-socket__steps">
              <li>
                {t('ioSocket.howAdd')} {toDevices}
              </li>
              <li>{t('ioSocket.howConnect')}</li>
              <li>
                {t('ioSocket.howPublish')}
                <ul className="sd-io-socket__topics">
                  <li>
                    <code data-testid="io-socket-telemetry-topic">{topic('up/telemetry')}</code> <span>{t('ioSocket.topics.telemetry')}</span>
                  </li>
                  <li>
                    <code>{topic('up/event')}</code> <span>{t('ioSocket.topics.event')}</span>
                  </li>
                  <li>
                    <code>{topic('up/online')}</code> <span>{t('ioSocket.topics.online')}</span>
                  </li>
                </ul>
              </li>
              <li>
                {t('ioSocket.howSubscribe')}
                <ul className="sd-io-socket__topics">
                  <li>
                    <code>{topic('down/cmd')}</code> <span>{t('ioSocket.topics.cmd')}</span>
                  </li>
                </ul>
              </li>
              <li>{t('ioSocket.howStore')}</li>
              <li>{t('ioSocket.howOwnTopics')}</li>
            </ol>
          </Card>
          <Card className="sd-io-socket__wide" title={t('ioSocket.transportsTitle')} data-testid="io-socket-transports">
            {!data ? <Skeleton active paragraph={{ rows: 6 }} /> : <DeviceTransports transports={data.transports} telemetryTopic={topic('up/telemetry')} />}
          </Card>
          <Card
            className="sd-io-socket__company-key"
            title={t('ioSocket.companyKeyTitle')}
            extra={
              <Button icon={<KeyOutlined />} onClick={handleRegenerate} disabled={!data} loading={regenerate.isPending}>
                {t('ioSocket.regenerate')}
              </Button>
            }
          >
            <Alert type="info" showIcon title={t('ioSocket.companyKeyNotice')} description={t('ioSocket.companyKeyExplain')} />
            {!data ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <Descriptions
                className="sd-io-socket__company-key-values"
                bordered
                column={1}
                size="small"
                styles={{ label: { width: 'min(200px, 42%)' } }}
                items={[
                  {
                    key: 'accessKey',
                    label: t('ioSocket.accessKey'),
                    children: (
                      <Typography.Text copyable className="sd-mono">
                        {data.accessKey}
                      </Typography.Text>
                    ),
                  },
                  {
                    key: 'secret',
                    label: t('ioSocket.secret'),
                    children: (
                      <span className="sd-io-socket__secret">
                        <code className="sd-io-socket__code">{`••••••••${data.secretHint}`}</code>
                        <span className="sd-muted">{t('ioSocket.secretHint')}</span>
                      </span>
                    ),
                  },
                  { key: 'updatedAt', label: t('ioSocket.updatedAt'), children: formatDateTime(data.updatedAt) },
                ]}
              />
            )}
          </Card>
        </div>
      )}
      <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
