import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contractStates, type ContractState, type SalesContract } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { linkColumn, stateTagColumn } from '@/shared/components/list/listColumns';
import { TabsPage } from '@/shared/components/list/TabsPage';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAddContractMutation, useContractListQuery } from '../api/contracts';
import { ContractFormModal } from '../components/ContractFormModal';
import { RenewalsView } from '../components/RenewalsView';
import { ContractStateTag } from '../components/SalesStateTag';
import { contractDetailPath } from '../lib/paths';
import { formatAmount } from '../lib/salesView';
import '../sales.css';

/** /sales/contract: contracts (search, state filter, paging) and the renewal view, one tab each. */
export function ContractPage() {
  const { t } = useTranslation(['sales', 'inventory']);
  return (
    <TabsPage
      title={t('contract.title')}
      description={t('contract.description')}
      tabs={[
        { key: 'contracts', label: t('tabs.contracts'), children: <ContractList /> },
        { key: 'renewals', label: t('tabs.renewals'), children: <RenewalsView /> },
      ]}
    />
  );
}

function ContractList() {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const navigate = useNavigate();
  const paged = usePagedList<{ state?: ContractState }>();
  const contracts = useContractListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state: paged.filters.state });
  const addContract = useAddContractMutation();
  const adding = useAddDialog(addContract, ({ id }) => void navigate(contractDetailPath(id)));

  // On a phone: the number with its state under it, the customer with the amount, no sideways scrolling.
  const isPhone = useIsPhone();
  const columns: TableColumnsType<SalesContract> = [
    linkColumn(t('fields.number'), 'number', (c) => contractDetailPath(c.id), { phoneLine: (c) => <ContractStateTag state={c.state} /> }),
    {
      title: t('fields.customer'),
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string, c) =>
        isPhone ? (
          <>
            {name}
            <Typography.Text type="secondary" className="sd-sales__sub">{`${formatAmount(c.amount, locale)} ${t('fields.yuan')}`}</Typography.Text>
          </>
        ) : (
          name
        ),
    },
    { title: t('fields.title'), dataIndex: 'title', key: 'title', ellipsis: true },
    { title: t('fields.signedDate'), dataIndex: 'signedDate', key: 'signedDate', className: 'sd-nowrap', render: (date: string | null) => date ?? '—' },
    {
      title: t('contract.period'),
      key: 'period',
      className: 'sd-nowrap',
      render: (_value, c) => (c.startDate || c.endDate ? `${c.startDate ?? '…'} ~ ${c.endDate ?? '…'}` : '—'),
    },
    { title: t('fields.amount'), dataIndex: 'amount', key: 'amount', align: 'right', className: 'sd-nowrap', render: (amount: number) => formatAmount(amount, locale) },
    stateTagColumn(t('fields.state'), 'state', ContractStateTag),
    { title: t('contract.files'), key: 'files', align: 'right', render: (_value, c) => c.files.length },
  ];

  return (
    <>
      <ListCard<SalesContract> columns={columns} query={contracts} paged={paged} phoneKeys={['number', 'customerName']} scrollX={1000}
        texts={{ search: t('contract.search'), total: (count) => t('contract.total', { count }), empty: t('contract.empty'), noMatch: t('emptySearch'), hint: t('contract.emptyHint') }}
        toolbar={
          <>
            <StateFilter states={contractStates} paged={paged} placeholder={t('fields.state')} label={(s) => t(`contractStates.${s}`)} />
            <AddButton label={t('contract.add')} onClick={adding.show} end />
          </>
        }
      />
      {adding.open && <ContractFormModal {...adding.modal} />}
    </>
  );
}
