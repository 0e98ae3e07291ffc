import { useState } from 'react';
import { App, Button, Card, Skeleton, Switch, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WarehouseItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddReturnMutation, useAddStockInMutation } from '../api/documents';
import { useAddWarehouseMutation, useInventorySettingsQuery, useUpdateSettingsMutation, useWarehouseListQuery } from '../api/masterData';
import { LedgerTable } from '../components/LedgerTable';
import { WarehouseFormModal } from '../components/MasterDataForms';
import { ReturnFormModal, StockInFormModal } from '../components/StockDocumentForms';
import { StockOverview } from '../components/StockOverview';
import '../inventory.css';
import { useTabParam } from '@/shared/hooks/useTabParam';

const tabs = ['stockIn', 'returns', 'stock', 'ledger', 'warehouses', 'settings'] as const;

/**
 * /inventory/warehousing: stock-in (devices by serial or plain items by quantity), returns, the
 * stock overview, the ledger, the warehouses and the negative-stock setting, one tab each (the
 * tab is in the address, `?tab=`).
 */
export function WarehousingPage() {
  const { t } = useTranslation('inventory');
  const [tab, openTab] = useTabParam(tabs);
  const [adding, setAdding] = useState<'stockIn' | 'return' | null>(null);
  const addStockIn = useAddStockInMutation();
  const addReturn = useAddReturnMutation();
  const { save } = useListActions();

  return (
    <div className="sd-page">
      <PageHeader title={t('warehousing.title')} description={t('warehousing.description')} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          {
            key: 'stockIn',
            label: t('tabs.stockIn'),
            children: (
              <LedgerTable
                documentKind="stockIn"
                title={t('tabs.stockIn')}
                emptyText={t('stockIn.empty')}
                extra={
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding('stockIn')}>
                    {t('stockIn.add')}
                  </Button>
                }
              />
            ),
          },
          {
            key: 'returns',
            label: t('tabs.returns'),
            children: (
              <LedgerTable
                documentKind="return"
                title={t('tabs.returns')}
                emptyText={t('returns.empty')}
                extra={
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding('return')}>
                    {t('returns.add')}
                  </Button>
                }
              />
            ),
          },
          { key: 'stock', label: t('tabs.stock'), children: <StockOverview /> },
          { key: 'ledger', label: t('tabs.ledger'), children: <LedgerTable emptyText={t('ledger.empty')} /> },
          { key: 'warehouses', label: t('tabs.warehouses'), children: <WarehouseList /> },
          { key: 'settings', label: t('tabs.settings'), children: <InventorySettingsCard /> },
        ]}
      />
      {adding === 'stockIn' && (
        <StockInFormModal saving={addStockIn.isPending} onCancel={() => setAdding(null)} onSubmit={(values) => void save(() => addStockIn.mutateAsync(values), () => setAdding(null))} />
      )}
      {adding === 'return' && (
        <ReturnFormModal saving={addReturn.isPending} onCancel={() => setAdding(null)} onSubmit={(values) => void save(() => addReturn.mutateAsync(values), () => setAdding(null))} />
      )}
    </div>
  );
}

function WarehouseList() {
  const { t } = useTranslation('inventory');
  const paged = usePagedList();
  const warehouses = useWarehouseListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [adding, setAdding] = useState(false);
  const addWarehouse = useAddWarehouseMutation();
  const { save } = useListActions();
  const columns: TableColumnsType<WarehouseItem> = [
    { title: t('warehouses.name'), dataIndex: 'name', key: 'name' },
    { title: t('warehouses.kind'), dataIndex: 'kind', key: 'kind', render: (kind: WarehouseItem['kind']) => <Tag color={kind === 'returns' ? 'orange' : 'default'}>{t(`warehouses.kinds.${kind}`)}</Tag> },
    { title: t('columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];
  return (
    <>
      <ListCard<WarehouseItem>
        rowKey="id"
        columns={columns}
        rows={warehouses.data?.list ?? []}
        loading={warehouses.isFetching}
        pending={warehouses.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('warehouses.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: warehouses.data?.total ?? 0, totalText: (count) => t('warehouses.total', { count }) }}
        empty={{ text: t('warehouses.empty'), searchText: t('emptySearch'), hint: t('warehouses.emptyHint') }}
        scrollX={560}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="sd-inventory__toolbar-end">
            {t('warehouses.add')}
          </Button>
        }
      />
      {adding && <WarehouseFormModal saving={addWarehouse.isPending} onCancel={() => setAdding(false)} onSubmit={(values) => void save(() => addWarehouse.mutateAsync(values), () => setAdding(false))} />}
    </>
  );
}

function InventorySettingsCard() {
  const { t } = useTranslation(['inventory', 'texts']);
  const { message } = App.useApp();
  const settings = useInventorySettingsQuery();
  const update = useUpdateSettingsMutation();
  return (
    <Card size="small" title={t('settings.title')}>
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div className="sd-inventory__setting">
          <Switch
            id="allow-negative-stock"
            checked={settings.data?.allowNegativeStock ?? false}
            loading={update.isPending}
            onChange={(allowNegativeStock) =>
              void update.mutateAsync({ allowNegativeStock }).then(
                () => void message.success(t('texts:operationSuccess')),
                () => undefined,
              )
            }
          />
          <div>
            <label htmlFor="allow-negative-stock" className="sd-inventory__setting-label">
              {t('settings.allowNegativeStock')}
            </label>
            <Typography.Paragraph type="secondary" className="sd-inventory__setting-hint">
              {t('settings.allowNegativeStockHint')}
            </Typography.Paragraph>
          </div>
        </div>
      )}
    </Card>
  );
}
