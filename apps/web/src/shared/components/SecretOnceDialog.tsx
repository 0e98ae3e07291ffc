import { useId } from 'react';
import { Alert, App, Button, Modal } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/shared/utils/copyText';
import './secretOnce.css';

export interface SecretOnceDialogProps {
  /** The secret to show; null closes the dialog. */
  secret: string | null;
  /** What the secret belongs to (access key, SN), shown above it. */
  owner: { label: string; value: string };
  texts: { title: string; once: string; onceHint: string; secretLabel: string; copy: string; saved: string };
  testId: string;
  onClose: () => void;
}

/**
 * A new secret, shown this one time with a copy button (device access keys, device MQTT secrets).
 * It closes only through its button: a click beside it or Escape would lose the secret.
 */
export function SecretOnceDialog({ secret, owner, texts, testId, onClose }: SecretOnceDialogProps) {
  const { t } = useTranslation(['texts', 'common']);
  const { message } = App.useApp();
  const labelId = useId();

  const handleCopy = async () => {
    if (secret === null) {
      return;
    }
    if (await copyText(secret)) {
      void message.success(t('texts:copySuccess'));
    } else {
      void message.error(t('common:copyFailed'));
    }
  };

  return (
    <Modal
      open={secret !== null}
      title={texts.title}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {texts.saved}
        </Button>
      }
    >
      {secret !== null && (
        <div className="sd-secret-once">
          <Alert type="warning" showIcon title={texts.once} description={texts.onceHint} />
          <div>
            <div className="sd-muted">{owner.label}</div>
            <code className="sd-secret-once__owner">{owner.value}</code>
          </div>
          <div>
            <div className="sd-muted" id={labelId}>
              {texts.secretLabel}
            </div>
            <div className="sd-secret-once__value">
              <code aria-labelledby={labelId} data-testid={testId}>
                {secret}
              </code>
              <Button autoFocus icon={<CopyOutlined />} onClick={() => void handleCopy()}>
                {texts.copy}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
