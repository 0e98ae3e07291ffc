import { App, Card, Skeleton, Switch, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarehouseItem } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { TabsPage } from '@/shared/components/list/TabsPage';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useAddReturnMutation, useAddStockInMutation } from '../api/documents';
import { useAddWarehouseMutation, useInventorySettingsQuery, useUpdateSettingsMutation, useWarehouseListQuery } from '../api/masterData';
import { LedgerTable } from '../components/LedgerTable';
import { WarehouseFormModal } from '../components/MasterDataForms';
import { ReturnFormModal, StockInFormModal } from '../components/StockDocumentForms';
import { StockOverview } from '../components/StockOverview';
import '../inventory.css';

/**
 * /inventory/warehousing: stock-in (devices by serial or plain items by quantity), returns, the
 * stock overview, the ledger, the warehouses and the negative-stock setting, one tab each (the
 * tab is in the address, `?tab=`).
 */
export function WarehousingPage() {
  const { t } = useTranslation('inventory');
  const stockIn = useAddDialog(useAddStockInMutation());
  const returned = useAddDialog(useAddReturnMutation());

  // A tab of documents of one kind: their ledger lines, with the button that adds one.
  const documentTab = (key: 'stockIn' | 'returns', documentKind: 'stockIn' | 'return', add: () => void) => ({
    key,
    label: t(`tabs.${key}`),
    children: <LedgerTable documentKind={documentKind} title={t(`tabs.${key}`)} emptyText={t(`${key}.empty`)} extra={<AddButton label={t(`${key}.add`)} onClick={add} />} />,
  });

  return (
    <TabsPage
      title={t('warehousing.title')}
      description={t('warehousing.description')}
      tabs={[
        documentTab('stockIn', 'stockIn', stockIn.show),
        documentTab('returns', 'return', returned.show),
        { key: 'stock', label: t('tabs.stock'), children: <StockOverview /> },
        { key: 'ledger', label: t('tabs.ledger'), children: <LedgerTable emptyText={t('ledger.empty')} /> },
        { key: 'warehouses', label: t('tabs.warehouses'), children: <WarehouseList /> },
        { key: 'settings', label: t('tabs.settings'), children: <InventorySettingsCard /> },
      ]}
    >
      {stockIn.open && <StockInFormModal {...stockIn.modal} />}
      {returned.open && <ReturnFormModal {...returned.modal} />}
    </TabsPage>
  );
}

function WarehouseList() {
  const { t } = useTranslation('inventory');
  const paged = usePagedList();
  const warehouses = useWarehouseListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const adding = useAddDialog(useAddWarehouseMutation());
  const columns: TableColumnsType<WarehouseItem> = [
    { title: t('warehouses.name'), dataIndex: 'name', key: 'name' },
    stateTagColumn<WarehouseItem, WarehouseItem['kind']>(t('warehouses.kind'), 'kind', { label: (kind) => t(`warehouses.kinds.${kind}`), color: (kind) => (kind === 'returns' ? 'orange' : 'default') }),
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
  ];
  return (
    <>
      <ListCard<WarehouseItem> columns={columns} query={warehouses} paged={paged} scrollX={560}
        texts={{ search: t('warehouses.search'), total: (count) => t('warehouses.total', { count }), empty: t('warehouses.empty'), noMatch: t('emptySearch'), hint: t('warehouses.emptyHint') }}
        toolbar={<AddButton label={t('warehouses.add')} onClick={adding.show} end />}
      />
      {adding.open && <WarehouseFormModal {...adding.modal} />}
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
