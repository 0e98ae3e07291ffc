import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Card, Dropdown, Empty, Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DeleteOutlined, DownloadOutlined, DownOutlined, EditOutlined, ExportOutlined, FileTextOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FieldType,
  formatInstant,
  jumpFilters,
  type DataField,
  type DataItemDetail,
  type RecordFilter,
  type RecordItem,
  type RecordSort,
  type RecordValues,
} from '@smartdata/domain';
import { useIsMobile } from '@/shared/hooks/useIsMobile';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAddRecordMutation } from '../api/addRecord';
import { useDeleteRecordsMutation } from '../api/deleteRecords';
import { useExportRecordsMutation } from '../api/exportRecords';
import { useDataItemListQuery } from '../api/getDataItemList';
import { useRecordsQuery } from '../api/getRecords';
import { dataItemsKeys } from '../api/keys';
import { useUpdateRecordMutation } from '../api/updateRecord';
import { useRecordsChannel, type RecordsPush } from '../hooks/useRecordsChannel';
import { attachmentKeys, columnTitle, formatCellValue, isAttachmentType, isNumberType, orderedFields } from '../lib/fieldFormat';
import { buildRecordFilter, draftsFromFilters, type FilterDraft } from '../lib/recordFilters';
import { timeRangeParam, type TimeSelection } from '@/shared/utils/timeRange';
import { childRecordsPath, recordsPath } from '@/shared/routing/dataItemPaths';
import { docTemplatesPath } from '@/shared/routing/templatePaths';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { AttachmentView } from './AttachmentView';
import { FilterBar, type FilterField } from './FilterBar';
import { ImportModal } from './ImportModal';
import { InlineCellEditor } from './InlineCellEditor';
import { RecordFormModal } from './RecordFormModal';

/** How long a record pushed by someone else stays highlighted. */
const NEW_HIGHLIGHT_MS = 8_000;

interface RecordsTableProps {
  item: DataItemDetail;
  timeZone: string;
  /** Child records of one master record (ChildValue page). */
  parentRecordId?: number;
  /** Filters of the link that opened the page (jump associations). */
  initialFilters?: readonly RecordFilter[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; record: RecordItem };

/**
 * The records of a data item: columns from its fields in priority order (with units, formatted by
 * type), sorting, filters by field and time range, paging, add and edit, inline edit of a cell,
 * batch delete, CSV/XLSX export and import, jumps, child records, and live updates over the
 * WebSocket (records added by others appear highlighted, without a reload).
 */
export function RecordsTable({ item, timeZone, parentRecordId, initialFilters }: RecordsTableProps) {
  const { t } = useTranslation(['data-items', 'texts']);
  const isMobile = useIsMobile();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = item.level === 'readWrite' || item.level === 'admin';
  const fields = useMemo(() => orderedFields(item.fields), [item.fields]);

  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [drafts, setDrafts] = useState<FilterDraft[]>(() => draftsFromFilters(initialFilters ?? []));
  const [time, setTime] = useState<TimeSelection>(null);
  const [sort, setSort] = useState<RecordSort | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [editingCell, setEditingCell] = useState<{ id: number; field: string } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [missed, setMissed] = useState(0);
  const timers = useRef(new Map<number, number>());

  // A jump opens this page again with other filters: take them.
  const initialKey = JSON.stringify(initialFilters ?? []);
  useEffect(() => {
    setDrafts(draftsFromFilters(JSON.parse(initialKey) as RecordFilter[]));
    setPageNum(1);
  }, [initialKey]);

  const filterFields: FilterField[] = useMemo(
    () => [...fields, { fieldName: 'createdAt', name: t('columns.createdAt'), type: FieldType.dateTime }, { fieldName: 'id', name: 'ID', type: FieldType.integer }],
    [fields, t],
  );
  const filters = useMemo(
    () => drafts.map((draft) => buildRecordFilter(draft, filterFields, timeZone)).flatMap((check) => (check.ok ? [check.filter] : [])),
    [drafts, filterFields, timeZone],
  );
  const timeRange = useMemo(() => timeRangeParam(time, timeZone), [time, timeZone]);
  const params = { itemId: item.id, pageNum, pageSize, filters, sort, timeRange, parentRecordId };
  const records = useRecordsQuery(params);
  const addRecord = useAddRecordMutation();
  const updateRecord = useUpdateRecordMutation();
  const deleteRecords = useDeleteRecordsMutation();
  const exportRecords = useExportRecordsMutation();
  const childItems = useDataItemListQuery({ parentItemId: item.id });

  // ---- live updates ----
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: dataItemsKeys.records(item.id) }), [queryClient, item.id]);
  const onFirstPage = pageNum === 1 && (sort === undefined || (sort.field === 'createdAt' && sort.order === 'desc'));
  const handlePush = (push: RecordsPush) => {
    if (push.event === 'recordAdded') {
      const record = push.payload as RecordItem;
      if ((parentRecordId ?? null) !== (record.parentRecordId ?? null)) {
        return;
      }
      setFresh((current) => new Set(current).add(record.id));
      window.clearTimeout(timers.current.get(record.id));
      timers.current.set(
        record.id,
        window.setTimeout(() => {
          timers.current.delete(record.id);
          setFresh((current) => {
            const next = new Set(current);
            next.delete(record.id);
            return next;
          });
        }, NEW_HIGHLIGHT_MS),
      );
      if (!onFirstPage) {
        setMissed((count) => count + 1);
      }
    } else if (push.event === 'recordsDeleted') {
      const ids = new Set((push.payload as { ids?: number[] }).ids ?? []);
      setSelected((current) => current.filter((id) => !ids.has(id)));
    } else if (push.event === 'recordsImported' && !onFirstPage) {
      setMissed((count) => count + Number((push.payload as { count?: number }).count ?? 1));
    }
    void refresh();
    void queryClient.invalidateQueries({ queryKey: dataItemsKeys.item(item.id) });
  };
  const channel = useRecordsChannel(item.id, handlePush, () => void refresh());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  // After deleting the last records of a page, show the page before it.
  const total = records.data?.total;
  useEffect(() => {
    if (total !== undefined && pageNum > 1 && (pageNum - 1) * pageSize >= total) {
      setPageNum(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [total, pageNum, pageSize]);

  // ---- actions ----
  const handleSubmit = async (values: RecordValues) => {
    try {
      if (editing?.mode === 'edit') {
        await updateRecord.mutateAsync({ id: editing.record.id, itemId: item.id, values });
      } else {
        await addRecord.mutateAsync({ itemId: item.id, values, parentRecordId: parentRecordId ?? null });
      }
      setEditing(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleInlineSave = async (record: RecordItem, field: DataField, value: unknown) => {
    try {
      await updateRecord.mutateAsync({ id: record.id, itemId: item.id, values: { [field.fieldName]: value } });
      setEditingCell(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the editor stays open.
    }
  };

  const confirmDelete = (ids: number[]) =>
    confirm({
      title: t('records.deleteTitle', { count: ids.length }),
      content: t('records.deleteContent'),
      okText: t('actions.delete'),
      run: () => deleteRecords.mutateAsync({ itemId: item.id, ids }),
      done: t('texts:deleteSuccess'),
      after: () => setSelected((current) => current.filter((id) => !ids.includes(id))),
    });

  const handleExport = (format: 'csv' | 'xlsx') => {
    exportRecords.mutate({ itemId: item.id, format, filters, sort, timeRange, parentRecordId });
  };

  const openJump = (record: RecordItem, jump: DataItemDetail['jumps'][number]) => {
    const source = { ...record.values, id: record.id, createdAt: record.createdAt, updatedAt: record.updatedAt, parentRecordId: record.parentRecordId };
    void navigate(recordsPath({ id: jump.targetItemId, name: jump.targetItemName }, jumpFilters(jump.conditions, source)));
  };

  const titleField = fields.find((field) => field.type === FieldType.text)?.fieldName ?? null;
  const openChild = (record: RecordItem, child: { id: number; name: string; nodeId: number }) => {
    void navigate(childRecordsPath({ child, parent: { id: item.id, name: item.name, nodeId: item.nodeId }, recordId: record.id, titleField }));
  };

  // ---- columns ----
  const sortOrderOf = (field: string): SortOrder => (sort?.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const renderValue = (field: DataField, record: RecordItem) => {
    const value = record.values[field.fieldName];
    if (isAttachmentType(field.type)) {
      return <AttachmentView keys={attachmentKeys(value)} picture={field.type === FieldType.picture} />;
    }
    const text = formatCellValue(field, value, timeZone, locale);
    return text === '' ? <span className="sd-muted">—</span> : text;
  };

  const jumps = [...item.jumps].sort((a, b) => a.priority - b.priority);
  const children = childItems.data?.list ?? [];

  const columns: TableColumnsType<RecordItem> = [
    ...fields.map((field, index) => ({
      key: field.fieldName,
      title: columnTitle(field),
      sorter: !isAttachmentType(field.type),
      sortOrder: sortOrderOf(field.fieldName),
      align: isNumberType(field.type) ? ('right' as const) : undefined,
      ellipsis: field.type === FieldType.longText ? { showTitle: true } : undefined,
      width: field.type === FieldType.longText ? 200 : field.type === FieldType.dateTime ? 170 : undefined,
      onCell: (record: RecordItem) => ({
        className: canWrite && !isAttachmentType(field.type) ? 'sd-records__cell--editable' : undefined,
        title: canWrite && !isAttachmentType(field.type) ? t('inline.hint') : undefined,
        onDoubleClick: () => {
          if (canWrite && !isAttachmentType(field.type)) {
            setEditingCell({ id: record.id, field: field.fieldName });
          }
        },
      }),
      render: (_value: unknown, record: RecordItem) =>
        editingCell?.id === record.id && editingCell.field === field.fieldName ? (
          <InlineCellEditor
            field={field}
            stored={record.values[field.fieldName]}
            timeZone={timeZone}
            saving={updateRecord.isPending}
            onSave={(value) => void handleInlineSave(record, field, value)}
            onCancel={() => setEditingCell(null)}
          />
        ) : (
          <>
            {renderValue(field, record)}
            {index === 0 && fresh.has(record.id) && (
              <span className="sd-records__new-badge" aria-label={t('records.newRecord')}>
                {t('records.new')}
              </span>
            )}
          </>
        ),
    })),
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      width: 190,
      className: 'sd-nowrap',
      render: (_value, record) => formatInstant(record.createdAt, 'datetime', timeZone),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      // On a phone a fixed action column would cover the values; there it scrolls with them.
      fixed: isMobile ? undefined : 'right',
      width: 24 + 70 + (canWrite ? 150 : 0) + (jumps.length > 0 || children.length > 0 ? 80 : 0),
      render: (_value, record) => (
        <Space size={0} wrap={false}>
          {canWrite && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', record })} aria-label={t('records.editNamed', { id: record.id })}>
              {t('actions.edit')}
            </Button>
          )}
          <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => void navigate(docTemplatesPath({ id: item.id, name: item.name }, record.id))} aria-label={t('records.documentNamed', { id: record.id })}>
            {t('records.document')}
          </Button>
          {(jumps.length > 0 || children.length > 0) && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...(jumps.length > 0
                    ? [{ type: 'group' as const, key: 'jumps', label: t('records.jump'), children: jumps.map((jump) => ({ key: `jump-${jump.id}`, label: jump.name, onClick: () => openJump(record, jump) })) }]
                    : []),
                  ...(children.length > 0
                    ? [{ type: 'group' as const, key: 'children', label: t('records.children'), children: children.map((child) => ({ key: `child-${child.id}`, label: child.name, onClick: () => openChild(record, child) })) }]
                    : []),
                ],
              }}
            >
              <Button type="link" size="small" aria-label={t('records.moreNamed', { id: record.id })}>
                {t('records.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {canWrite && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete([record.id])} aria-label={t('records.deleteNamed', { id: record.id })}>
              {t('actions.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const handleTableChange: TableProps<RecordItem>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      setSort(one?.order && one.columnKey ? { field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
      setPageNum(1);
      return;
    }
    const size = pagination.pageSize ?? pageSize;
    setPageNum(size === pageSize ? (pagination.current ?? 1) : 1);
    setPageSize(size);
  };

  const liveStatus = channel === 'live' ? 'success' : channel === 'connecting' ? 'processing' : 'default';
  const hasFilters = drafts.length > 0 || time !== null;

  return (
    <Card className="sd-records">
      <div className="sd-records__toolbar">
        <Space wrap>
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
              {parentRecordId ? t('child.add') : t('records.add')}
            </Button>
          )}
          {canWrite && !parentRecordId && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('records.import')}
            </Button>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'csv', label: t('records.exportCsv'), onClick: () => handleExport('csv') },
                { key: 'xlsx', label: t('records.exportXlsx'), onClick: () => handleExport('xlsx') },
              ],
            }}
          >
            <Button icon={exportRecords.isPending ? <DownloadOutlined /> : <ExportOutlined />} loading={exportRecords.isPending}>
              {t('records.export')} <DownOutlined />
            </Button>
          </Dropdown>
          {canWrite && (
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => confirmDelete(selected)}>
              {selected.length > 0 ? t('records.batchDeleteCount', { count: selected.length }) : t('records.batchDelete')}
            </Button>
          )}
        </Space>
        <Tooltip title={t(`live.${channel}Hint`)}>
          <Badge status={liveStatus} text={<span className="sd-muted">{t(`live.${channel}`)}</span>} className="sd-records__live" />
        </Tooltip>
      </div>
      <FilterBar
        fields={filterFields}
        drafts={drafts}
        onDraftsChange={(next) => {
          setDrafts(next);
          setPageNum(1);
        }}
        time={time}
        onTimeChange={(next) => {
          setTime(next);
          setPageNum(1);
        }}
        timeZone={timeZone}
      />
      {missed > 0 && (
        <Alert
          className="sd-records__missed"
          type="info"
          showIcon
          title={t('records.missed', { count: missed })}
          action={
            <Button
              size="small"
              type="link"
              onClick={() => {
                setSort(undefined);
                setPageNum(1);
                setMissed(0);
              }}
            >
              {t('records.showNewest')}
            </Button>
          }
          closable={{ onClose: () => setMissed(0) }}
        />
      )}
      <Table<RecordItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        scroll={{ x: 'max-content' }}
        rowClassName={(record) => (fresh.has(record.id) ? 'sd-records__row--new' : '')}
        rowSelection={canWrite ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true } : undefined}
        onChange={handleTableChange}
        pagination={{
          current: pageNum,
          pageSize,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (count) => t('records.total', { count }),
        }}
        locale={{
          emptyText: records.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasFilters ? t('records.emptyFiltered') : t('records.empty')} />,
        }}
      />
      {editing && (
        <RecordFormModal
          title={editing.mode === 'edit' ? t('records.editTitle', { id: editing.record.id }) : parentRecordId ? t('child.add') : t('records.add')}
          fields={fields}
          record={editing.mode === 'edit' ? editing.record : null}
          timeZone={timeZone}
          saving={addRecord.isPending || updateRecord.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
      {importing && <ImportModal itemId={item.id} itemName={item.name} onClose={() => setImporting(false)} />}
    </Card>
  );
}
