import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UpdateWatchView, AddUpdateWatchRequest } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useAddUpdateWatchMutation, useDeleteUpdateWatchMutation, useUpdateUpdateWatchMutation, useUpdateWatchesQuery } from '../api/watches';
import { LevelTag } from '../components/AlarmTags';
import { LiveState } from '../components/LiveState';
import { WatchFormModal } from '../components/WatchFormModal';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';
import { durationParts } from '../lib/conditions';
import { formatClock } from '../lib/ruleForm';
import { newWatchValues, watchFormValues } from '../lib/watchForm';
import '../alarms.css';

/**
 * /cloudSurveillance/dataUpdate: data-update monitoring (cs_sditem_update) — per data item, the
 * expected frequency, the last record and its deadline, and whether a "stopped updating" alarm is
 * open (live: the alarm pushes refresh the list).
 */
export function DataUpdatePage() {
  const { t } = useTranslation('alarms');
  const watches = useUpdateWatchesQuery();
  const addWatch = useAddUpdateWatchMutation();
  const updateWatch = useUpdateUpdateWatchMutation();
  const deleteWatch = useDeleteUpdateWatchMutation();
  const dialog = useEditDialog(addWatch, updateWatch, (watch: UpdateWatchView, request: AddUpdateWatchRequest) => ({ id: watch.id, ...request }));
  const channel = useAlarmsChannel();

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
    timeColumn(t('columns.lastRecord'), 'lastRecordTime', { none: <span className="sd-muted">{t('watches.noRecord')}</span> }),
    timeColumn(t('columns.deadline'), 'deadline'),
    {
      title: t('columns.watchState'),
      key: 'state',
      width: 130,
      render: (_value, watch) =>
        !watch.enabled ? <Tag>{t('watches.disabled')}</Tag> : watch.alarmId !== null ? <Tag color="error">{t('watches.stale')}</Tag> : <Tag color="success">{t('watches.fresh')}</Tag>,
    },
    actionsColumn(
      t('columns.actions'),
      (watch) => [
        { kind: 'edit', name: watch.itemName, onClick: () => dialog.edit(watch) },
        {
          kind: 'delete',
          name: watch.itemName,
          confirm: {
            title: t('deleteWatch.title', { name: watch.fieldName ? `${watch.itemName} · ${watch.fieldName}` : watch.itemName }),
            content: t('deleteWatch.content'),
            onDelete: () => deleteWatch.mutateAsync(watch.id),
          },
        },
      ],
      { fixed: 'right' },
    ),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader
        title={t('watches.title')}
        description={t('watches.description')}
        actions={
          <Space wrap>
            <LiveState state={channel} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.create()}>
              {t('actions.addWatch')}
            </Button>
          </Space>
        }
      />
      <ListCard<UpdateWatchView> columns={columns} query={watches} scrollX={1060}
        match={(watch, needle) => watch.itemName.toLowerCase().includes(needle) || (watch.fieldName ?? '').toLowerCase().includes(needle)}
        // Live: a push refreshes the list without dimming it.
        loading={watches.isFetching && watches.isPending}
        texts={{ search: t('watches.search'), empty: t('watches.empty'), noMatch: t('watches.emptySearch'), hint: t('watches.emptyHint') }}
      />
      {dialog.open && (
        <WatchFormModal
          {...dialog.modal}
          title={editing ? t('watchForm.editTitle', { name: editing.itemName }) : t('watchForm.createTitle')}
          initialValues={editing ? watchFormValues(editing) : newWatchValues()}
        />
      )}
    </div>
  );
}
