import { useState } from 'react';
import { Button, Card, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { ListEmpty } from '@/shared/components/list/ListEmpty';
import { useTranslation } from 'react-i18next';
import { stockDocumentKinds, type LedgerEntry, type LedgerQuery, type StockDocumentKind } from '@smartdata/domain';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useCancelStockInMutation, useLedgerQuery } from '../api/documents';
import { PICK_LIST_SIZE } from '../api/keys';
import { useItemListQuery, useWarehouseListQuery } from '../api/masterData';
import { ItemPicker, WarehousePicker } from './pickers';

interface LedgerTableProps {
  /** A fixed document kind (the stock-in and returns tabs); without it the kind is a filter. */
  documentKind?: StockDocumentKind;
  /** Shown in the card's head, right (the tab's main button). */
  extra?: React.ReactNode;
  emptyText: string;
  /** The card's title (the tab's name); the ledger's by default. */
  title?: string;
}

/**
 * The append-only stock ledger: one row per movement, newest first, reversing rows of a cancelled
 * document marked. A stock-in of plain items is cancelled here (it writes reversing rows).
 */
export function LedgerTable({ documentKind, extra, emptyText, title }: LedgerTableProps) {
  const { t } = useTranslation(['inventory', 'texts']);
  const confirm = useConfirmAction();
  const paged = usePagedList(20);
  const [filters, setFilters] = useState<Partial<LedgerQuery>>({});
  const ledger = useLedgerQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, documentKind, ...filters });
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const cancelStockIn = useCancelStockInMutation();
  const itemById = new Map((items.data?.list ?? []).map((item) => [item.id, item]));
  const warehouseName = new Map((warehouses.data?.list ?? []).map((w) => [w.id, w.name]));
  const rows = ledger.data?.list ?? [];
  const reversed = new Set(rows.filter((row) => row.reversal).map((row) => `${row.documentKind}-${row.documentId}`));
  const filter = (patch: Partial<LedgerQuery>) => {
    setFilters((current) => ({ ...current, ...patch }));
    paged.setPageNum(1);
  };

  // A refusal (50001/40900 with the reason) is shown by the API client.
  const handleCancel = (row: LedgerEntry) =>
    confirm({ title: t('stockIn.cancelTitle', { id: row.documentId }), content: t('stockIn.cancelContent'), okText: t('stockIn.cancel'), cancelText: t('actions.back'), run: () => cancelStockIn.mutateAsync(row.documentId), done: t('texts:operationSuccess') });

  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('ledger.time'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('ledger.document'),
      key: 'document',
      render: (_value, row) => (
        <span className="sd-nowrap">
          {t(`documentKinds.${row.documentKind}`)} {row.documentKind === 'outbound' ? t('outbound.numberValue', { id: row.documentId }) : `#${row.documentId}`}{' '}
          {row.reversal && <Tag color="orange">{t('ledger.reversal')}</Tag>}
        </span>
      ),
    },
    { title: t('fields.item'), dataIndex: 'itemId', key: 'itemId', render: (id: number) => itemById.get(id)?.name ?? `#${id}` },
    { title: t('fields.warehouse'), dataIndex: 'warehouseId', key: 'warehouseId', render: (id: number) => warehouseName.get(id) ?? `#${id}` },
    { title: t('fields.serial'), dataIndex: 'serial', key: 'serial', render: (serial: string | null) => (serial ? <code>{serial}</code> : '—') },
    {
      title: t('fields.quantity'),
      dataIndex: 'quantity',
      key: 'quantity',
      align: 'right',
      render: (quantity: number, row) => (
        <span className={quantity < 0 ? 'sd-inventory__out' : 'sd-inventory__in'}>
          {quantity > 0 ? `+${quantity}` : quantity} {itemById.get(row.itemId)?.unit ?? ''}
        </span>
      ),
    },
  ];
  if (documentKind === undefined || documentKind === 'stockIn') {
    columns.push({
      title: t('columns.actions'),
      key: 'actions',
      width: 110,
      render: (_value, row) =>
        row.documentKind === 'stockIn' && !row.reversal && row.serial === null && !reversed.has(`stockIn-${row.documentId}`) ? (
          <Button type="link" size="small" danger onClick={() => handleCancel(row)}>
            {t('stockIn.cancel')}
          </Button>
        ) : null,
    });
  }

  return (
    <Card extra={extra} title={title ?? t('ledger.title')} size="small">
      <div className="sd-inventory__filters">
        <ItemPicker allowClear style={{ width: 220 }} aria-label={t('fields.item')} value={filters.itemId} onChange={(itemId) => filter({ itemId })} />
        <WarehousePicker allowClear style={{ width: 200 }} aria-label={t('fields.warehouse')} value={filters.warehouseId} onChange={(warehouseId) => filter({ warehouseId })} />
        <Input.Search allowClear placeholder={t('ledger.serialSearch')} aria-label={t('ledger.serialSearch')} style={{ width: 220 }} onSearch={(value) => filter({ serial: value.trim() || undefined })} />
        {documentKind === undefined && (
          <Select
            allowClear
            aria-label={t('ledger.documentKind')}
            placeholder={t('ledger.documentKind')}
            style={{ width: 160 }}
            onChange={(kind?: StockDocumentKind) => filter({ documentKind: kind })}
            options={stockDocumentKinds.map((kind) => ({ value: kind, label: t(`documentKinds.${kind}`) }))}
          />
        )}
      </div>
      <Table<LedgerEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={ledger.isFetching}
        scroll={{ x: 880 }}
        rowClassName={(row) => (row.reversal ? 'sd-inventory__reversal' : '')}
        // Narrowed by a filter, the ledger says no match rather than "nothing yet" (issue 31.14).
        locale={{ emptyText: <ListEmpty texts={{ empty: emptyText, noMatch: t('emptySearch') }} pending={ledger.isPending} failed={ledger.isError && !ledger.data} filtered={Object.values(filters).some((value) => value !== undefined)} onRetry={() => void ledger.refetch()} /> }}
        pagination={{
          current: paged.pageNum,
          pageSize: paged.pageSize,
          total: ledger.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('ledger.total', { count }),
          onChange: paged.changePage,
        }}
      />
    </Card>
  );
}
