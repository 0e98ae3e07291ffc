import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContractState, SalesOrderState } from '@smartdata/domain';

const orderColors: Record<SalesOrderState, string> = {
  draft: 'default',
  confirmed: 'processing',
  partiallyShipped: 'gold',
  shipped: 'success',
  closed: 'purple',
  cancelled: 'error',
};

const contractColors: Record<ContractState, string> = { draft: 'default', active: 'success', closed: 'purple', cancelled: 'error' };

/** The state of a sales order as a coloured tag. */
export function OrderStateTag({ state }: { state: SalesOrderState }) {
  const { t } = useTranslation('sales');
  return <Tag color={orderColors[state]}>{t(`orderStates.${state}`)}</Tag>;
}

/** The state of a contract as a coloured tag. */
export function ContractStateTag({ state }: { state: ContractState }) {
  const { t } = useTranslation('sales');
  return <Tag color={contractColors[state]}>{t(`contractStates.${state}`)}</Tag>;
}
