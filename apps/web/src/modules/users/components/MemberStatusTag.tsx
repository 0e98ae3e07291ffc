import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A member's or user's status: active (正常) or disabled (已禁用). */
export function MemberStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('users');
  return status === 'disabled' ? <Tag color="default">{t('status.disabled')}</Tag> : <Tag color="success">{t('status.active')}</Tag>;
}
