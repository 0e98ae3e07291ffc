import { Alert, App, Button, Modal } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/modules/settings/components/copyText';

/** A device's MQTT secret, shown this one time (after adding or rotating) with a copy button. */
export function DeviceSecretModal({ value, onClose }: { value: { sn: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation(['devices', 'texts']);
  const { message } = App.useApp();
  return (
    <Modal
      open={value !== null}
      title={t('secret.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('secret.saved')}
        </Button>
      }
    >
      {value && (
        <div className="sd-device-secret">
          <Alert type="warning" showIcon title={t('secret.once')} description={t('secret.onceHint')} />
          <div>
            <div className="sd-muted">SN</div>
            <code>{value.sn}</code>
          </div>
          <div>
            <div className="sd-muted" id="sd-device-secret-label">
              {t('secret.label')}
            </div>
            <div className="sd-device-secret__value">
              <code aria-labelledby="sd-device-secret-label" data-testid="device-secret">
                {value.secret}
              </code>
              <Button
                autoFocus
                icon={<CopyOutlined />}
                onClick={() => void copyText(value.secret).then((ok) => (ok ? void message.success(t('texts:copySuccess')) : void message.error(t('secret.copyFailed'))))}
              >
                {t('secret.copy')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
