import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@smartdata/domain';
import { renewalNotice } from '../orderStatus';

interface RenewalNoticeProps {
  orderInfo: CurrentUser['orderInfo'];
  /** Where the notice leads (/user/myorder), when the user may open it. */
  ordersPath: string | null;
  compact?: boolean;
}

/**
 * The navbar's renewal notice (spec §1): the current order expires within renewalNoticeDays
 * (orange, days left) or has expired (red). Loads its texts without suspending the navbar.
 */
export function RenewalNotice({ orderInfo, ordersPath, compact = false }: RenewalNoticeProps) {
  const { t, ready } = useTranslation('orders', { useSuspense: false });
  const notice = renewalNotice(orderInfo);
  if (!notice || !ready) {
    return null;
  }
  const expired = notice.status === 'expired';
  const label = expired ? t('notice.expiredShort') : t('notice.expiringShort', { count: notice.days });
  const full = expired ? t('notice.expired') : t('notice.expiring', { count: notice.days });
  const tag = (
    <Tag
      color={expired ? 'error' : 'warning'}
      variant="solid"
      icon={expired ? <ExclamationCircleOutlined /> : <ClockCircleOutlined />}
      className="sd-renewal-notice"
      role="status"
      aria-label={full}
    >
      {compact ? null : label}
    </Tag>
  );
  return (
    <Tooltip title={`${full} ${t('notice.renewHint')}`}>
      {ordersPath ? (
        <Link to={ordersPath} className="sd-renewal-notice__link">
          {tag}
        </Link>
      ) : (
        tag
      )}
    </Tooltip>
  );
}
