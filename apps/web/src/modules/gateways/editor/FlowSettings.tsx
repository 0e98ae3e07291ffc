import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { baudRates, certificateExtensions, certificateFileProblem, deviceMessage, flowLimits, flowMessage, limits, linkProblems, type FlowDocument, type MqttLink } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { useBusy } from '@/shared/hooks/useBusy';
import { certificateProblem } from './certificate';

type Patch = (doc: FlowDocument) => void;

/** Start mode: delay (once, after a delay), loop (every interval), server-triggered execution. */
export function StartModeSettings({ doc, onChange }: { doc: FlowDocument; onChange: Patch }) {
  const { t } = useTranslation('gateways');
  const mode = doc.startMode;
  return (
    <Form layout="vertical" size="small" onSubmitCapture={(e) => e.preventDefault()}>
      <Form.Item label={t('start.mode')}>
        <Radio.Group
          aria-label={t('start.mode')}
          value={mode.kind}
          optionType="button"
          onChange={(e) => {
            const kind = e.target.value as FlowDocument['startMode']['kind'];
            onChange({ ...doc, startMode: kind === 'delay' ? { kind, delayMs: mode.delayMs ?? 1000 } : kind === 'loop' ? { kind, intervalMs: mode.intervalMs ?? 60_000 } : { kind } });
          }}
          options={(['delay', 'loop', 'server'] as const).map((k) => ({ value: k, label: t(`start.${k}`) }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t(`start.${mode.kind}Hint`)}</Typography.Paragraph>
      {mode.kind === 'delay' && (
        <Form.Item label={t('start.delayMs')}>
          <InputNumber aria-label={t('start.delayMs')} min={0} precision={0} value={mode.delayMs} onChange={(v) => onChange({ ...doc, startMode: { kind: 'delay', delayMs: v ?? 0 } })} addonAfter="ms" style={{ width: '100%' }} />
        </Form.Item>
      )}
      {mode.kind === 'loop' && (
        <Form.Item label={t('start.intervalMs')}>
          <InputNumber aria-label={t('start.intervalMs')} min={1} precision={0} value={mode.intervalMs} onChange={(v) => onChange({ ...doc, startMode: { kind: 'loop', intervalMs: v ?? 0 } })} addonAfter="ms" style={{ width: '100%' }} />
        </Form.Item>
      )}
    </Form>
  );
}

/** Serial settings: port name, baud rate, check bit, data bits, stop bits. */
export function SerialSettingsForm({ doc, onChange }: { doc: FlowDocument; onChange: Patch }) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const serial = doc.serial;
  const set = (patch: Partial<FlowDocument['serial']>) => onChange({ ...doc, serial: { ...serial, ...patch } });
  return (
    <Form layout="vertical" size="small" onSubmitCapture={(e) => e.preventDefault()}>
      <Form.Item label={t('serial.portName')} validateStatus={serial.portName.trim() ? undefined : 'error'} help={serial.portName.trim() ? undefined : flowMessage({ key: 'flow.serial.portName' }, locale)}>
        <Input aria-label={t('serial.portName')} value={serial.portName} onChange={(e) => set({ portName: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('serial.baudRate')}>
        <Select aria-label={t('serial.baudRate')} value={serial.baudRate} onChange={(baudRate: number) => set({ baudRate })} options={baudRates.map((b) => ({ value: b, label: String(b) }))} />
      </Form.Item>
      <Form.Item label={t('serial.checkBit')}>
        <Radio.Group value={serial.checkBit} onChange={(e) => set({ checkBit: e.target.value as 'none' | 'odd' | 'even' })} options={(['none', 'odd', 'even'] as const).map((v) => ({ value: v, label: t(`serial.${v}`) }))} />
      </Form.Item>
      <Space size="large">
        <Form.Item label={t('serial.dataBits')}>
          <Radio.Group value={serial.dataBits} onChange={(e) => set({ dataBits: e.target.value as 7 | 8 })} options={[{ value: 7, label: '7' }, { value: 8, label: '8' }]} />
        </Form.Item>
        <Form.Item label={t('serial.stopBits')}>
          <Radio.Group value={serial.stopBits} onChange={(e) => set({ stopBits: e.target.value as 1 | 2 })} options={[{ value: 1, label: '1' }, { value: 2, label: '2' }]} />
        </Form.Item>
      </Space>
    </Form>
  );
}

/** Up to 3 MQTT links, each with an optional certificate. */
/**
 * A new link's starting values on a device's page: the platform's broker (getConnectInfo) and the
 * device's own SN as user name, a client id of its own per link (`SN:<link id>`, which the broker
 * accepts beside the gateway's own connection). The password, the device's secret, cannot be read
 * back: it stays empty, with a hint.
 */
export interface LinkDefaults {
  address: string;
  port: number;
  username: string;
  clientIdFor: (linkId: string) => string;
}

export function LinksSettings({
  doc,
  onChange,
  uploadCertificate,
  linkDefaults,
}: {
  doc: FlowDocument;
  onChange: Patch;
  uploadCertificate?: (file: File) => Promise<{ id: number }>;
  linkDefaults?: LinkDefaults;
}) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const setLink = (id: string, patch: Partial<MqttLink>) => onChange({ ...doc, links: doc.links.map((l) => (l.id === id ? { ...l, ...patch } : l)) });
  const addLink = () => {
    const ids = new Set(doc.links.map((l) => l.id));
    let n = 1;
    while (ids.has(`link${n}`)) {
      n += 1;
    }
    const id = `link${n}`;
    const link: MqttLink = linkDefaults
      ? { id, address: linkDefaults.address, port: linkDefaults.port, username: linkDefaults.username, password: '', clientId: linkDefaults.clientIdFor(id) }
      : { id, address: '', port: 1883, username: '', password: '', clientId: '' };
    onChange({ ...doc, links: [...doc.links, link] });
  };
  return (
    <div className="sd-flow-links">
      {doc.links.map((link, index) => (
        <LinkCard
          key={link.id}
          link={link}
          index={index}
          used={doc.nodes.some((n) => (n.kind === 'mqttPublish' || n.kind === 'mqttSubscribe') && n.linkId === link.id)}
          problems={linkProblems(link).map((p) => flowMessage(p, locale))}
          onChange={(patch) => setLink(link.id, patch)}
          onRemove={() => onChange({ ...doc, links: doc.links.filter((l) => l.id !== link.id) })}
          uploadCertificate={uploadCertificate}
          passwordHint={linkDefaults !== undefined && link.username === linkDefaults.username && link.password === ''}
        />
      ))}
      <Button icon={<PlusOutlined />} block disabled={doc.links.length >= limits.mqttLinksMax} onClick={addLink}>
        {doc.links.length >= limits.mqttLinksMax ? flowMessage({ key: 'flow.link.tooMany', params: { max: limits.mqttLinksMax } }, locale) : t('links.add')}
      </Button>
    </div>
  );
}

interface LinkCardProps {
  link: MqttLink;
  index: number;
  used: boolean;
  problems: string[];
  onChange: (patch: Partial<MqttLink>) => void;
  onRemove: () => void;
  uploadCertificate?: (file: File) => Promise<{ id: number }>;
  /** The link uses the device's own user name and its password is empty: say where the secret is. */
  passwordHint?: boolean;
}

function LinkCard({ link, index, used, problems, onChange, onRemove, uploadCertificate, passwordHint }: LinkCardProps) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const [uploading, runUploading] = useBusy();
  const field = (key: 'address' | 'username' | 'password' | 'clientId', max: number) => (
    <Form.Item label={t(`links.${key}`)} extra={key === 'password' && passwordHint ? t('links.passwordHint') : undefined}>
      {key === 'password' ? (
        <Input.Password aria-label={t(`links.${key}`)} value={link[key]} maxLength={max + 1} onChange={(e) => onChange({ [key]: e.target.value })} />
      ) : (
        <Input aria-label={t(`links.${key}`)} value={link[key]} maxLength={max + 1} onChange={(e) => onChange({ [key]: e.target.value })} />
      )}
    </Form.Item>
  );
  const handleFile = async (file: File) => {
    const fileProblem = certificateFileProblem(file.name, file.size);
    if (fileProblem) {
      void message.error(deviceMessage(fileProblem, locale) ?? fileProblem);
      return;
    }
    if ((await certificateProblem(file)) === 'notX509') {
      void message.error(t('links.certProblems.notX509'));
      return;
    }
    if (!uploadCertificate) {
      onChange({ cert: { kind: 'uploaded', fileName: file.name } });
      return;
    }
    await runUploading(async () => {
      const certificate = await uploadCertificate(file);
      onChange({ cert: { kind: 'uploaded', certificateId: certificate.id, fileName: file.name } });
      void message.success(t('links.certUploaded', { name: file.name }));
    });
  };
  return (
    <Card
      size="small"
      className="sd-flow-link"
      title={t('links.title', { index: index + 1, id: link.id })}
      extra={
        <Button
          size="small"
          type="text"
          danger
          aria-label={t('links.remove')}
          icon={<DeleteOutlined />}
          onClick={() =>
            void modal.confirm({ title: t('links.removeTitle', { id: link.id }), content: used ? t('links.removeUsed') : undefined, okButtonProps: { danger: true }, onOk: onRemove })
          }
        />
      }
    >
      <Form layout="vertical" size="small" onSubmitCapture={(e) => e.preventDefault()}>
        <Space.Compact block>
          {field('address', limits.ipLength)}
          <Form.Item label={t('links.port')} style={{ width: 110 }}>
            <InputNumber aria-label={t('links.port')} min={1} max={flowLimits.portMax} precision={0} value={typeof link.port === 'number' ? link.port : Number(link.port) || null} onChange={(v) => onChange({ port: v ?? '' })} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        {field('username', limits.mqttUsernameLength)}
        {field('password', limits.mqttPasswordLength)}
        {field('clientId', limits.clientIdLength)}
        <Form.Item label={t('links.cert')} extra={t('props.firmwareNeeded', { version: '1.3.4' })}>
          <Select
            aria-label={t('links.cert')}
            value={link.cert?.kind ?? 'none'}
            onChange={(kind: 'none' | 'caSigned' | 'uploaded') => onChange({ cert: kind === 'none' ? undefined : { kind } })}
            options={(['none', 'caSigned', 'uploaded'] as const).map((k) => ({ value: k, label: t(`links.certKinds.${k}`) }))}
          />
        </Form.Item>
        {link.cert?.kind === 'uploaded' && (
          <Form.Item>
            <Upload accept={certificateExtensions.join(',')} showUploadList={false} beforeUpload={(file) => (void handleFile(file), false)}>
              <Button icon={<UploadOutlined />} loading={uploading}>
                {link.cert.fileName ? t('links.certReplace', { name: link.cert.fileName }) : t('links.certUpload')}
              </Button>
            </Upload>
          </Form.Item>
        )}
        {!used && <Typography.Text type="warning">{t('links.unused')}</Typography.Text>}
        {problems.length > 0 && (
          <ul className="sd-flow-props__problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </Form>
    </Card>
  );
}
