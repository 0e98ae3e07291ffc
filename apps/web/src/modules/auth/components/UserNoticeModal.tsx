import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAgreeNoticeMutation } from '../api/agreeNotice';
import { useNoticeQuery } from '../api/getNotice';

interface UserNoticeModalProps {
  /** The user declined: the caller logs out. */
  onDecline: () => void;
}

/**
 * The user notice (spec §4): must be agreed to before using the console. The modal cannot be
 * dismissed by the mask or Esc; the confirm button needs the "我已阅读并同意" checkbox.
 */
export function UserNoticeModal({ onDecline }: UserNoticeModalProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const notice = useNoticeQuery(locale);
  const agree = useAgreeNoticeMutation();
  const [checked, setChecked] = useState(false);
  const [declining, setDeclining] = useState(false);

  const handleConfirm = () => {
    if (notice.data) {
      agree.mutate(notice.data.version);
    }
  };

  const handleDecline = () => {
    setDeclining(true);
    onDecline();
  };

  return (
    <Modal
      open
      centered
      width={640}
      title={notice.data?.title ?? t('notice.fallbackTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="decline" onClick={handleDecline} loading={declining}>
          {t('notice.decline')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          disabled={!checked || !notice.data}
          loading={agree.isPending}
          onClick={handleConfirm}
        >
          {t('notice.confirm')}
        </Button>,
      ]}
    >
      {notice.isPending && <Skeleton active paragraph={{ rows: 6 }} aria-label={t('notice.loading')} />}
      {notice.isError && <Alert type="error" showIcon title={notice.error.message} />}
      {notice.data && (
        <>
          <div className="sd-notice__content" tabIndex={0} role="document" aria-label={notice.data.title}>
            {notice.data.content}
          </div>
          <Checkbox className="sd-notice__agree" checked={checked} onChange={(event) => setChecked(event.target.checked)}>
            {t('notice.agree')}
          </Checkbox>
        </>
      )}
    </Modal>
  );
}
