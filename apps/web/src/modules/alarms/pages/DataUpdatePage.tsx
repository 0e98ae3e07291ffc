import { useMemo, useState } from 'react';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UpdateWatchView } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddUpdateWatchMutation, useDeleteUpdateWatchMutation, useUpdateUpdateWatchMutation, useUpdateWatchesQuery } from '../api/watches';
import { LevelTag } from '../components/AlarmTags';
import { LiveState } from '../components/LiveState';
import { WatchFormModal } from '../components/WatchFormModal';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';
import { durationParts } from '../lib/conditions';
import { formatClock } from '../lib/ruleForm';
import { newWatchValues, watchFormValues } from '../lib/watchForm';
import '../alarms.css';

type Editing = { mode: 'create' } | { mode: 'edit'; watch: UpdateWatchView };

/**
 * /cloudSurveillance/dataUpdate: data-update monitoring (cs_sditem_update) — per data item, the
 * expected frequency, the last record and its deadline, and whether a "stopped updating" alarm is
 * open (live: the alarm pushes refresh the list).
 */
export function DataUpdatePage() {
  const { t } = useTranslation('alarms');
  const watches = useUpdateWatchesQuery();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const addWatch = useAddUpdateWatchMutation();
  const updateWatch = useUpdateUpdateWatchMutation();
  const deleteWatch = useDeleteUpdateWatchMutation();
  const { save, confirmDelete } = useListActions();
  const channel = useAlarmsChannel();
  const rows = useMemo(() => {
    const needle = keyword.toLowerCase();
    return (watches.data ?? []).filter((w) => !needle || w.itemName.toLowerCase().includes(needle) || (w.fieldName ?? '').toLowerCase().includes(needle));
  }, [watches.data, keyword]);

  const handleDelete = (watch: UpdateWatchView) =>
    confirmDelete({
      title: t('deleteWatch.title', { name: watch.fieldName ? `${watch.itemName} · ${watch.fieldName}` : watch.itemName }),
      content: t('deleteWatch.content'),
      okText: t('actions.delete'),
      onDelete: () => deleteWatch.mutateAsync(watch.id),
    });

  const frequencyText = (watch: UpdateWatchView) => {
    if (watch.dailyAtMinute !== null) {
      return t('watches.dailyAt', { time: formatClock(watch.dailyAtMinute) });
    }
    const parts = durationParts(watch.everyMinutes * 60);
    return t('watches.every', { duration: t(`duration.${parts.unit}`, { count: parts.value }) });
  };

  const columns: TableColumnsType<UpdateWatchView> = [
    {
      title: t('columns.item'),
      key: 'item',
      render: (_value, watch) => (
        <div className="sd-alarm-cell">
          <strong>{watch.itemName}</strong>
          <span className="sd-muted">{watch.fieldName ? t('watches.fieldOf', { field: watch.fieldName }) : t('watches.wholeItem')}</span>
        </div>
      ),
    },
    {
      title: t('columns.frequency'),
      key: 'frequency',
      width: 170,
      render: (_value, watch) => (
        <div className="sd-alarm-cell">
          <span>{frequencyText(watch)}</span>
          <span className="sd-muted">{t('watches.remindOf', { text: watch.remindMinutes > 0 ? t('watches.remindEvery', { count: watch.remindMinutes }) : t('watches.noReminder') })}</span>
        </div>
      ),
    },
    { title: t('columns.level'), dataIndex: 'level', key: 'level', width: 80, render: (level: number) => <LevelTag level={level} /> },
    {
      title: t('columns.lastRecord'),
      dataIndex: 'lastRecordTime',
      key: 'lastRecordTime',
      width: 170,
      className: 'sd-nowrap',
      render: (time: number | null) => (time === null ? <span className="sd-muted">{t('watches.noRecord')}</span> : formatDateTime(time)),
    },
    { title: t('columns.deadline'), dataIndex: 'deadline', key: 'deadline', width: 170, className: 'sd-nowrap', render: (time: number | null) => formatDateTime(time) },
    {
      title: t('columns.watchState'),
      key: 'state',
      width: 130,
      render: (_value, watch) =>
        !watch.enabled ? <Tag>{t('watches.disabled')}</Tag> : watch.alarmId !== null ? <Tag color="error">{t('watches.stale')}</Tag> : <Tag color="success">{t('watches.fresh')}</Tag>,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_value, watch) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', watch })} aria-label={t('actions.editNamed', { name: watch.itemName })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(watch)} aria-label={t('actions.deleteNamed', { name: watch.itemName })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('watches.title')}
        description={t('watches.description')}
        actions={
          <Space wrap>
            <LiveState state={channel} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('actions.addWatch')}
            </Button>
          </Space>
        }
      />
      <ListCard<UpdateWatchView>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={watches.isFetching && watches.isPending}
        pending={watches.isPending}
        keyword={keyword}
        searchPlaceholder={t('watches.search')}
        onSearch={setKeyword}
        empty={{ text: t('watches.empty'), searchText: t('watches.emptySearch'), hint: t('watches.emptyHint') }}
        scrollX={1060}
      />
      {editing && (
        <WatchFormModal
          title={editing.mode === 'edit' ? t('watchForm.editTitle', { name: editing.watch.itemName }) : t('watchForm.createTitle')}
          initialValues={editing.mode === 'edit' ? watchFormValues(editing.watch) : newWatchValues()}
          saving={addWatch.isPending || updateWatch.isPending}
          onSubmit={(request) =>
            void save(() => (editing.mode === 'edit' ? updateWatch.mutateAsync({ id: editing.watch.id, ...request }) : addWatch.mutateAsync(request)), () => setEditing(null))
          }
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
