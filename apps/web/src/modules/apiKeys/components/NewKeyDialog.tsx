import { useState } from 'react';
import { Alert, App, Button, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/shared/utils/copyText';

/** The key just made, shown this once with a copy button: it cannot be shown again. */
export function NewKeyDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    if (await copyText(apiKey)) {
      setCopied(true);
      void message.success(t('created.copied'));
    } else {
      void message.error(t('created.copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('created.title', { name })}
      width={600}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {copied ? t('created.done') : t('created.doneUncopied')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('created.warning')} className="sd-new-key__warning" />
      <div className="sd-new-key">
        <Typography.Text code className="sd-new-key__value" data-testid="new-api-key" aria-label={t('created.keyLabel')}>
          {apiKey}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void handleCopy()}>
          {t('created.copy')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" className="sd-new-key__usage">
        {t('created.usage')}
        <Typography.Text code>{'Authorization: Bearer sdk_…'}</Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
