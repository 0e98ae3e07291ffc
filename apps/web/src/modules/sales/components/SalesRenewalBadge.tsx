import { Tag, Tooltip } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { salesLimits } from '@smartdata/domain';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useRenewalsQuery } from '../api/orders';
import { RENEWALS_PATH } from '../lib/paths';
import { orderRenewalCount } from '../lib/salesView';

/** How often the navbar asks again (and on window focus, as every query). */
const REFRESH_MS = 10 * 60 * 1000;

/**
 * Beside the navbar's renewal notice (spec §1): how many sales orders end within 30 days or have
 * ended, a small tag that opens the renewal view. Only users holding sl_order ask; nothing shows
 * at 0. The navbar loads this file on its own (React.lazy), so neither the sign-in page nor the
 * shell waits for it.
 */
export function SalesRenewalBadge({ compact = false }: { compact?: boolean }) {
  const codes = useMenuCodes();
  return codes.has('sl_order') ? <RenewalCount compact={compact} /> : null;
}

function RenewalCount({ compact }: { compact: boolean }) {
  // Without suspense: the navbar must not wait for the module's texts.
  const { t, ready } = useTranslation('sales', { useSuspense: false });
  const renewals = useRenewalsQuery(salesLimits.renewalDaysDefault, { refetchInterval: REFRESH_MS });
  if (!ready || !renewals.data) {
    return null;
  }
  const { count, expired } = orderRenewalCount(renewals.data.list);
  if (count === 0) {
    return null;
  }
  const label = t('badge.label', { count, expired, days: renewals.data.days });
  return (
    <Tooltip title={label}>
      <Link to={RENEWALS_PATH} className="sd-renewal-notice__link" aria-label={label} data-testid="sales-renewal-badge">
        <Tag color={expired > 0 ? 'error' : 'warning'} icon={<FieldTimeOutlined />} className="sd-renewal-notice">
          {compact ? count : t('badge.short', { count })}
        </Tag>
      </Link>
    </Tooltip>
  );
}
