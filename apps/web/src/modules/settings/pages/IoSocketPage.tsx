import { useState } from 'react';
import { App, Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { IoSocketSecret } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useIoSocketQuery } from '../api/getIoSocket';
import { useRegenerateIoSocketSecretMutation } from '../api/regenerateIoSocketSecret';
import { SecretOnceModal } from '../components/SecretOnceModal';
import '../settings.css';

/**
 * /sysSetting/ioSocket: how the company's devices reach the platform over MQTT (DESIGN.md §5):
 * address, port, topic prefix and the company's access credentials. The secret is stored hashed;
 * a new one is shown once, when it is made.
 */
export function IoSocketPage() {
  const { t } = useTranslation(['settings', 'texts']);
  const { modal } = App.useApp();
  const info = useIoSocketQuery();
  const regenerate = useRegenerateIoSocketSecretMutation();
  const [secret, setSecret] = useState<IoSocketSecret | null>(null);

  const handleRegenerate = () => {
    void modal.confirm({
      title: t('ioSocket.regenerateTitle'),
      content: t('ioSocket.regenerateContent'),
      okText: t('ioSocket.regenerate'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          setSecret(await regenerate.mutateAsync());
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  const data = info.data;
  const prefix = data?.topicPrefix ?? 'sd/';
  const topic = (rest: string) => `${prefix}{sn}/${rest}`;

  return (
    <div className="sd-page">
      <PageHeader
        title={t('ioSocket.title')}
        description={t('ioSocket.description')}
        actions={
          <Button icon={<KeyOutlined />} onClick={handleRegenerate} disabled={!data} loading={regenerate.isPending}>
            {t('ioSocket.regenerate')}
          </Button>
        }
      />
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
                styles={{ label: { width: 200 } }}
                items={[
                  {
                    key: 'host',
                    label: t('ioSocket.host'),
                    children: <Typography.Text copyable>{data.mqttHost}</Typography.Text>,
                  },
                  { key: 'port', label: t('ioSocket.port'), children: <Typography.Text copyable>{String(data.mqttPort)}</Typography.Text> },
                  { key: 'prefix', label: t('ioSocket.topicPrefix'), children: <code className="sd-io-socket__code">{data.topicPrefix}</code> },
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
          <Card title={t('ioSocket.howTitle')}>
            <ol className="sd-io-socket__steps">
              <li>
                {t('ioSocket.howConnect', { host: data?.mqttHost ?? '…', port: data?.mqttPort ?? '…' })}
                <ul className="sd-io-socket__topics">
                  <li>
                    <span className="sd-muted">{t('ioSocket.clientId')}</span> <span>{t('ioSocket.clientIdIsSn')}</span>
                  </li>
                  <li>
                    <span className="sd-muted">{t('ioSocket.userName')}</span> <code>{data?.accessKey ?? '…'}</code>
                  </li>
                  <li>
                    <span className="sd-muted">{t('ioSocket.password')}</span> <span>{t('ioSocket.passwordIsSecret')}</span>
                  </li>
                </ul>
              </li>
              <li>
                {t('ioSocket.howPublish')}
                <ul className="sd-io-socket__topics">
                  <li>
                    <code>{topic('up/telemetry')}</code> <span>{t('ioSocket.topics.telemetry')}</span>
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
              <li>{t('ioSocket.howOwnTopics')}</li>
            </ol>
          </Card>
        </div>
      )}
      <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
