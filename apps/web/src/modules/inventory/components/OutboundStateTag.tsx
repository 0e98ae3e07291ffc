import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutboundState } from '@smartdata/domain';

const colors: Record<OutboundState, string> = { open: 'gold', shipped: 'green', cancelled: 'default' };

export function OutboundStateTag({ state }: { state: OutboundState }) {
  const { t } = useTranslation('inventory');
  return <Tag color={colors[state]}>{t(`outbound.states.${state}`)}</Tag>;
}
