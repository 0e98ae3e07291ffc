import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceMessage, deviceReasonText, userText, type DeviceItem, type Locale } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';

/**
 * The remote configuration states (spec §4): updating → success or failure (Remote gateway
 * update failed), and detection: detecting → passed (检测通过, then saved) or not passed
 * (未通过检测, with the device's reasons).
 */
export function ConfigStateBanner({ device, onDetect, detecting }: { device: DeviceItem; onDetect?: () => void; detecting?: boolean }) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const text = (key: string | null) => (key ? (deviceMessage(key, locale) ?? key) : null);
  const { config, detect } = device;
  const items: React.ReactNode[] = [];
  if (config.state === 'updating') {
    items.push(<Alert key="config" type="info" showIcon message={t('state.updating')} />);
  } else if (config.state === 'success') {
    items.push(<Alert key="config" type="success" showIcon closable message={text(config.message) ?? t('state.updated', { version: config.version ?? '—' })} />);
  } else if (config.state === 'failed') {
    items.push(<Alert key="config" type="error" showIcon message={userText('remoteUpdateFailed', locale)} description={reasons(config.reasons, other(text(config.message), userText('remoteUpdateFailed', locale)), locale)} />);
  }
  if (detect.state === 'detecting') {
    items.push(<Alert key="detect" type="info" showIcon message={t('state.detecting')} />);
  } else if (detect.state === 'passed') {
    items.push(<Alert key="detect" type="success" showIcon closable message={userText('detectionPassed', locale)} description={other(text(detect.message), userText('detectionPassed', locale))} />);
  } else if (detect.state === 'failed') {
    items.push(
      <Alert
        key="detect"
        type="error"
        showIcon
        message={userText('detectionFailed', locale)}
        description={reasons(detect.reasons, other(text(detect.message), userText('detectionFailed', locale)), locale)}
        action={onDetect && <Button size="small" loading={detecting} onClick={onDetect}>{t('state.detectAgain')}</Button>}
      />,
    );
  }
  return items.length > 0 ? (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 8 }} data-testid="config-state">
      {items}
    </Space>
  ) : null;
}

/** A detail line only when it says more than the title. */
function other(detail: string | null, title: string): string | null {
  return detail && detail !== title ? detail : null;
}

function reasons(list: string[], fallback: string | null, locale: Locale) {
  if (list.length === 0) {
    return fallback;
  }
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {list.map((r) => (
        <li key={r}>{deviceReasonText(r, locale)}</li>
      ))}
    </ul>
  );
}
