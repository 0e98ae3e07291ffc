import type { ReactNode } from 'react';
import { App, Button, Empty, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceTransportInfo } from '@smartdata/domain';
import { copyText } from '@/shared/utils/copyText';
import { caFileName, exampleCommands, fillSn, takesMqtt5, type ExampleCommand } from '../lib/connectCommands';
import './deviceTransports.css';

export interface DeviceTransportsProps {
  /** What the server answered (getConnectInfo / getIoSocket `transports`), in its order. */
  transports: DeviceTransportInfo[];
  /** A device's SN: its URLs and commands are filled with it; without it they hold `<SN>`. */
  sn?: string;
  /** The telemetry topic with `{sn}` (getConnectInfo's topics.telemetry); default sd/{sn}/up/telemetry. */
  telemetryTopic?: string;
  /** `list`: every transport one below the other (device-access page); `tabs`: one tab each (a device's page). */
  layout?: 'list' | 'tabs';
}

/**
 * How a device connects (issue 37): each transport the server offers — plain MQTT, MQTTS, MQTT
 * over WebSocket, HTTP — with its address, the protocol versions its broker takes (as answered,
 * never assumed), the CA certificate to download for MQTTS when the platform made it, and
 * copyable example commands (mosquitto_pub, MQTT.js, curl). Shown on the device-access page
 * (settings) and on each device's page with its SN filled in; the secret stays a placeholder.
 */
export function DeviceTransports({ transports, sn, telemetryTopic = 'sd/{sn}/up/telemetry', layout = 'list' }: DeviceTransportsProps) {
  const { t } = useTranslation('devices');
  if (transports.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transports.none')} />;
  }
  const subject = { sn: sn ?? '<SN>', secret: '<secret>', telemetryTopic };
  const note = (
    <div className="sd-transports__note sd-muted" data-testid="transports-placeholder">
      {sn ? t('transports.placeholderDevice') : t('transports.placeholderAll')}
    </div>
  );
  if (layout === 'tabs') {
    return (
      <div className="sd-transports">
        {sn && <div className="sd-transports__credentials">{t('transports.credentials', { sn })}</div>}
        <Tabs
          size="small"
          items={transports.map((transport) => ({
            key: transport.kind,
            label: <span data-testid={`transport-tab-${transport.kind}`}>{t(`transports.short.${transport.kind}`)}</span>,
            children: <TransportPanel transport={transport} subject={subject} />,
          }))}
        />
        {note}
      </div>
    );
  }
  return (
    <div className="sd-transports">
      {note}
      <div className="sd-transports__list">
        {transports.map((transport) => (
          <section key={transport.kind} className="sd-transports__item">
            <TransportPanel transport={transport} subject={subject} heading />
          </section>
        ))}
      </div>
    </div>
  );
}

function TransportPanel({ transport, subject, heading = false }: { transport: DeviceTransportInfo; subject: { sn: string; secret: string; telemetryTopic: string }; heading?: boolean }) {
  const { t } = useTranslation('devices');
  const { kind } = transport;
  const testId = `transport-${kind}`;
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  if (kind === 'http') {
    rows.push({ key: 'url', label: t('transports.telemetryUrl'), value: <CopyableUrl url={fillSn(transport.url, subject.sn)} testId={`${testId}-url`} /> });
    if (transport.eventUrl) {
      rows.push({ key: 'eventUrl', label: t('transports.eventUrl'), value: <CopyableUrl url={fillSn(transport.eventUrl, subject.sn)} testId={`${testId}-event-url`} /> });
    }
    rows.push({ key: 'auth', label: t('transports.auth'), value: t('transports.httpAuth') });
    rows.push({ key: 'answers', label: t('transports.answers'), value: <span className="sd-muted">{t('transports.answersText')}</span> });
  } else {
    rows.push({ key: 'url', label: t('transports.url'), value: <CopyableUrl url={fillSn(transport.url, subject.sn)} testId={`${testId}-url`} /> });
  }
  if (transport.protocolVersions && transport.protocolVersions.length > 0) {
    rows.push({
      key: 'versions',
      label: t('transports.versions'),
      value: (
        <div>
          <span data-testid={`${testId}-versions`}>
            {transport.protocolVersions.map((version) => (
              <Tag key={version} color="blue">{`MQTT ${version}`}</Tag>
            ))}
          </span>
          {!takesMqtt5(transport) && (
            <div className="sd-transports__hint sd-muted" data-testid={`${testId}-no-mqtt5`}>
              {t('transports.noMqtt5')}
            </div>
          )}
        </div>
      ),
    });
  }
  if (kind === 'mqtts') {
    rows.push({
      key: 'ca',
      label: t('transports.ca'),
      value: transport.caUrl ? (
        <div>
          <Typography.Link href={transport.caUrl} download={caFileName} data-testid={`${testId}-ca`}>
            <DownloadOutlined /> {t('transports.downloadCa')}
          </Typography.Link>
          <div className="sd-transports__hint sd-muted">{t('transports.caHint')}</div>
        </div>
      ) : (
        <span className="sd-muted" data-testid={`${testId}-no-ca`}>
          {t('transports.noCa')}
        </span>
      ),
    });
  }
  return (
    <div className="sd-transports__panel" data-testid={testId}>
      {heading && (
        <div className="sd-transports__heading">
          <span className="sd-transports__title">{t(`transports.kinds.${kind}`)}</span>
        </div>
      )}
      <div className="sd-transports__about sd-muted">{t(`transports.about.${kind}`)}</div>
      <dl className="sd-transports__rows">
        {rows.map((row) => (
          <div key={row.key} className="sd-transports__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="sd-transports__commands">
        <div className="sd-transports__commands-title">{t('transports.commandsTitle')}</div>
        {exampleCommands(transport, subject).map((command) => (
          <CommandBlock key={command.key} command={command} testId={`${testId}-command-${command.key}`} />
        ))}
      </div>
    </div>
  );
}

function CopyableUrl({ url, testId }: { url: string; testId: string }) {
  return (
    <Typography.Text copyable className="sd-transports__url" data-testid={testId}>
      {url}
    </Typography.Text>
  );
}

function CommandBlock({ command, testId }: { command: ExampleCommand; testId: string }) {
  const { t } = useTranslation(['devices', 'texts', 'common']);
  const { message } = App.useApp();
  const label = t(`transports.commands.${command.key}`);
  const copy = async () => {
    if (await copyText(command.text)) {
      void message.success(t('texts:copySuccess'));
    } else {
      void message.error(t('common:copyFailed'));
    }
  };
  return (
    <div className="sd-transports__command">
      <div className="sd-transports__command-head">
        <span>{label}</span>
        <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('transports.copyCommand', { what: label })} onClick={() => void copy()}>
          {t('transports.copy')}
        </Button>
      </div>
      <pre data-testid={testId}>{command.text}</pre>
    </div>
  );
}
