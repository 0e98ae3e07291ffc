import { useState } from 'react';
import { Button, Tabs, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { contractStates, type ContractState, type SalesContract } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
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
import { useTabParam } from '@/shared/hooks/useTabParam';
import { StateFilter } from '@/shared/components/StateFilter';

/** /sales/contract: contracts (search, state filter, paging) and the renewal view, one tab each. */
export function ContractPage() {
  const { t } = useTranslation(['sales', 'inventory']);
  const [tab, openTab] = useTabParam(['contracts', 'renewals'] as const);
  return (
    <div className="sd-page">
      <PageHeader title={t('contract.title')} description={t('contract.description')} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          { key: 'contracts', label: t('tabs.contracts'), children: <ContractList /> },
          { key: 'renewals', label: t('tabs.renewals'), children: <RenewalsView /> },
        ]}
      />
    </div>
  );
}

function ContractList() {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const navigate = useNavigate();
  const paged = usePagedList();
  const [state, setState] = useState<ContractState | undefined>();
  const contracts = useContractListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state });
  const [adding, setAdding] = useState(false);
  const addContract = useAddContractMutation();
  const { save } = useListActions();

  // On a phone: the number with its state under it, the customer with the amount, no sideways scrolling.
  const isPhone = useIsPhone();
  const columns: TableColumnsType<SalesContract> = [
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      className: 'sd-nowrap',
      render: (number: string, c) => (
        <>
          <Link to={contractDetailPath(c.id)}>{number}</Link>
          {isPhone && (
            <div>
              <ContractStateTag state={c.state} />
            </div>
          )}
        </>
      ),
    },
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
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (value: ContractState) => <ContractStateTag state={value} /> },
    { title: t('contract.files'), key: 'files', align: 'right', render: (_value, c) => c.files.length },
  ];

  return (
    <>
      <ListCard<SalesContract>
        rowKey="id"
        columns={isPhone ? columns.filter((column) => ['number', 'customerName'].includes(String(column.key))) : columns}
        rows={contracts.data?.list ?? []}
        loading={contracts.isFetching}
        pending={contracts.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('contract.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: contracts.data?.total ?? 0, totalText: (count) => t('contract.total', { count }) }}
        empty={{ text: t('contract.empty'), searchText: t('emptySearch'), hint: t('contract.emptyHint') }}
        scrollX={isPhone ? undefined : 1000}
        toolbar={
          <>
            <StateFilter states={contractStates} value={state} onChange={setState} paged={paged} placeholder={t('fields.state')} label={(s) => t(`contractStates.${s}`)} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="sd-sales__toolbar-end">
              {t('contract.add')}
            </Button>
          </>
        }
      />
      {adding && (
        <ContractFormModal
          saving={addContract.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(values) =>
            void save(
              async () => {
                const { id } = await addContract.mutateAsync(values);
                void navigate(contractDetailPath(id));
              },
              () => setAdding(false),
            )
          }
        />
      )}
    </>
  );
}
