import { Alert, App, Button, Modal } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { IoSocketSecret } from '@smartdata/domain';
import { copyText } from './copyText';

interface SecretOnceModalProps {
  secret: IoSocketSecret | null;
  onClose: () => void;
}

/** The new device access secret, shown this one time with a copy button. */
export function SecretOnceModal({ secret, onClose }: SecretOnceModalProps) {
  const { t } = useTranslation(['settings', 'texts']);
  const { message } = App.useApp();

  const handleCopy = async () => {
    if (secret && (await copyText(secret.secret))) {
      void message.success(t('texts:copySuccess'));
    }
  };

  return (
    <Modal
      open={secret !== null}
      title={t('ioSocket.secretTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('ioSocket.secretSaved')}
        </Button>
      }
    >
      {secret && (
        <div className="sd-secret-once">
          <Alert type="warning" showIcon title={t('ioSocket.secretOnce')} description={t('ioSocket.secretOnceHint')} />
          <div>
            <div className="sd-muted">{t('ioSocket.accessKey')}</div>
            <code className="sd-io-socket__code">{secret.accessKey}</code>
          </div>
          <div>
            <div className="sd-muted" id="sd-new-secret-label">
              {t('ioSocket.newSecret')}
            </div>
            <div className="sd-secret-once__value">
              <code aria-labelledby="sd-new-secret-label" data-testid="io-socket-secret">
                {secret.secret}
              </code>
              <Button autoFocus icon={<CopyOutlined />} onClick={() => void handleCopy()}>
                {t('ioSocket.copy')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
