import { useState, type Key } from 'react';
import { App, Button, Card, Empty, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, DownloadOutlined, EyeOutlined, FullscreenOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmLevels, alarmPermission, alarmStates, timeRangePresets, type AlarmView } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAckAlarmMutation, useAckAlarmsMutation, useAlarmsQuery, useClearAlarmMutation } from '../api/alarms';
import { useExportAlarmsMutation } from '../api/exportAlarms';
import type { AlarmListParams } from '../api/keys';
import { useRulesQuery } from '../api/rules';
import { deviceListCodes, useTargetDevicesQuery } from '../api/targetDevices';
import { AlarmDetailDrawer } from '../components/AlarmDetailDrawer';
import { AlarmNoteModal } from '../components/AlarmNoteModal';
import { LevelTag, StateTag } from '../components/AlarmTags';
import { LiveState } from '../components/LiveState';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';
import { targetFilterParams, targetFilterValue } from '../lib/targetFilter';
import { targetKindText } from '../lib/texts';
import '../alarms.css';

type Filters = Pick<AlarmListParams, 'level' | 'state' | 'ruleId' | 'preset' | 'itemId' | 'deviceId'>;
type Handling = { action: 'ack' | 'clear'; alarm: AlarmView } | { action: 'ackMany'; ids: number[] };

const WALL_PATH = '/alertdashboard';
/** How many devices the target filter offers (typing narrows the list). */
const TARGET_DEVICES = 200;
/** Permission codes that open the data item list (the data-items module's routes). */
const itemListCodes = ['sd_capsule', 'sd_item_group'];

/**
 * /cloudSurveillance/alertLog: the alarm log (cs_info) — filters, paging, acknowledge or clear
 * with a note, batch acknowledge, export, the handling record. Live: pushes of the `alarms`
 * channel refresh the page, so a new alarm appears without a reload.
 */
export function AlarmLogPage() {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const codes = useMenuCodes();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [handling, setHandling] = useState<Handling | null>(null);
  const [detail, setDetail] = useState<AlarmView | null>(null);
  const alarms = useAlarmsQuery({ ...filters, ...page });
  // The rule filter lists rules only for those who may read them (cs_rules).
  const rules = useRulesQuery({ enabled: codes.has(alarmPermission.rules), silent: true });
  // Targets to filter by: the data items and devices the user may read.
  const items = useDataItemListQuery({}, itemListCodes.some((code) => codes.has(code)));
  const devices = useTargetDevicesQuery('', TARGET_DEVICES, deviceListCodes.some((code) => codes.has(code)));
  const ack = useAckAlarmMutation();
  const clear = useClearAlarmMutation();
  const ackMany = useAckAlarmsMutation();
  const exporter = useExportAlarmsMutation();
  const channel = useAlarmsChannel();
  const list = alarms.data?.list ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilterValues({ [key]: value });
  const setFilterValues = (values: Partial<Filters>) => {
    setFilters((old) => ({ ...old, ...values }));
    setPage((old) => ({ ...old, pageNum: 1 }));
    setSelected([]);
  };

  const handleNote = async (note: string) => {
    if (!handling) {
      return;
    }
    try {
      if (handling.action === 'ackMany') {
        const { count } = await ackMany.mutateAsync({ ids: handling.ids, note });
        void message.success(t('note.ackedMany', { count }));
        setSelected([]);
      } else if (handling.action === 'ack') {
        await ack.mutateAsync({ id: handling.alarm.id, note });
        void message.success(t('note.acked'));
      } else {
        await clear.mutateAsync({ id: handling.alarm.id, note });
        void message.success(t('note.cleared'));
      }
      setHandling(null);
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const columns: TableColumnsType<AlarmView> = [
    { title: t('columns.level'), dataIndex: 'level', key: 'level', width: 80, render: (level: number) => <LevelTag level={level} /> },
    {
      title: t('columns.alarm'),
      key: 'alarm',
      render: (_value, alarm) => (
        <div className="sd-alarm-cell">
          <strong>{alarm.ruleName || t(`kind.${alarm.kind}`)}</strong>
          {alarm.ruleName && alarm.kind === 'stale' && <span className="sd-muted">{t('kind.stale')}</span>}
        </div>
      ),
    },
    {
      title: t('columns.target'),
      key: 'target',
      render: (_value, alarm) => (
        <div className="sd-alarm-cell">
          <span>{alarm.targetName}</span>
          <span className="sd-muted">{targetKindText(alarm.target, t)}</span>
        </div>
      ),
    },
    { title: t('columns.value'), dataIndex: 'value', key: 'value', width: 90, align: 'right', render: (value: number | null) => value ?? '—' },
    { title: t('columns.state'), dataIndex: 'state', key: 'state', width: 100, render: (state: AlarmView['state']) => <StateTag state={state} /> },
    {
      title: t('columns.triggered'),
      key: 'time',
      width: 180,
      className: 'sd-nowrap',
      render: (_value, alarm) => (
        <div className="sd-alarm-cell">
          <span>{formatDateTime(alarm.firstTime)}</span>
          {alarm.lastTime !== alarm.firstTime && <span className="sd-muted">{t('log.lastTime', { time: formatDateTime(alarm.lastTime) })}</span>}
        </div>
      ),
    },
    { title: t('columns.count'), dataIndex: 'count', key: 'count', width: 84, align: 'right', className: 'sd-nowrap' },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, alarm) => {
        const name = alarm.ruleName || alarm.targetName;
        return (
          <Space size={0}>
            {alarm.state === 'active' && (
              <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => setHandling({ action: 'ack', alarm })} aria-label={t('actions.ackNamed', { name })}>
                {t('actions.ack')}
              </Button>
            )}
            {alarm.state !== 'cleared' && (
              <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => setHandling({ action: 'clear', alarm })} aria-label={t('actions.clearNamed', { name })}>
                {t('actions.clear')}
              </Button>
            )}
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(alarm)} aria-label={t('actions.detailNamed', { name })}>
              {t('actions.detail')}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('log.title')}
        description={t('log.description')}
        actions={
          <Space wrap>
            <LiveState state={channel} />
            <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => void exporter.mutateAsync(filters).catch(() => undefined)}>
              {t('actions.export')}
            </Button>
            {codes.has(alarmPermission.alarms) && (
              <Button icon={<FullscreenOutlined />} onClick={() => void navigate(WALL_PATH)}>
                {t('actions.openWall')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <div className="sd-page__toolbar sd-alarm-filters">
          <Select
            allowClear
            aria-label={t('log.filterLevel')}
            placeholder={t('log.allLevels')}
            className="sd-alarm-filters__level"
            value={filters.level}
            onChange={(value?: number) => setFilter('level', value)}
            options={[...alarmLevels].reverse().map((level) => ({ value: level, label: t(`level.${level}`) }))}
          />
          <Select
            allowClear
            aria-label={t('log.filterState')}
            placeholder={t('log.allStates')}
            className="sd-alarm-filters__state"
            value={filters.state}
            onChange={(value?: AlarmView['state']) => setFilter('state', value)}
            options={alarmStates.map((state) => ({ value: state, label: t(`state.${state}`) }))}
          />
          {codes.has(alarmPermission.rules) && (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('log.filterRule')}
              placeholder={t('log.allRules')}
              className="sd-alarm-filters__rule"
              value={filters.ruleId}
              loading={rules.isPending}
              onChange={(value?: number) => setFilter('ruleId', value)}
              options={(rules.data ?? []).map((rule) => ({ value: rule.id, label: rule.name }))}
            />
          )}
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('log.filterTarget')}
            placeholder={t('log.allTargets')}
            className="sd-alarm-filters__target"
            value={targetFilterValue(filters)}
            onChange={(value?: string) => setFilterValues(targetFilterParams(value))}
            options={[
              { label: t('target.field'), title: t('target.field'), options: (items.data?.list ?? []).map((item) => ({ value: `item:${item.id}`, label: item.name })) },
              { label: t('target.deviceOnline'), title: t('target.deviceOnline'), options: (devices.data?.list ?? []).map((device) => ({ value: `device:${device.id}`, label: device.name })) },
            ]}
          />
          <Select
            allowClear
            aria-label={t('log.filterPreset')}
            placeholder={t('log.allTime')}
            className="sd-alarm-filters__preset"
            value={filters.preset}
            onChange={(value?: Filters['preset']) => setFilter('preset', value)}
            options={timeRangePresets.map((preset) => ({ value: preset, label: t(`preset.${preset}`) }))}
          />
          <div className="sd-alarm-filters__batch">
            {selected.length > 0 && <Typography.Text type="secondary">{t('log.selected', { count: selected.length })}</Typography.Text>}
            <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => setHandling({ action: 'ackMany', ids: selected.map(Number) })}>
              {t('actions.ackSelected')}
            </Button>
          </div>
        </div>
        <Table<AlarmView>
          rowKey="id"
          columns={columns}
          dataSource={list}
          loading={alarms.isFetching && alarms.isPending}
          scroll={{ x: 1100 }}
          rowClassName={(alarm) => (alarm.state === 'active' ? `sd-alarm-row sd-alarm-row--level${alarm.level}` : 'sd-alarm-row')}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: setSelected,
            getCheckboxProps: (alarm) => ({ disabled: alarm.state !== 'active', 'aria-label': alarm.ruleName || alarm.targetName }),
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: alarms.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('log.total', { count }),
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
          }}
          locale={{
            emptyText: alarms.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('log.emptyFiltered') : t('log.empty')}>
                {!filtered && <p className="sd-page__empty-hint">{t('log.emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
      {handling && (
        <AlarmNoteModal
          title={handling.action === 'ackMany' ? t('note.ackManyTitle', { count: handling.ids.length }) : handling.action === 'ack' ? t('note.ackTitle') : t('note.clearTitle')}
          hint={handling.action === 'clear' ? t('note.clearHint') : undefined}
          okText={handling.action === 'clear' ? t('actions.clear') : t('actions.ack')}
          saving={ack.isPending || clear.isPending || ackMany.isPending}
          onSubmit={(note) => void handleNote(note)}
          onCancel={() => setHandling(null)}
        />
      )}
      <AlarmDetailDrawer alarm={detail ? (list.find((a) => a.id === detail.id) ?? detail) : null} onClose={() => setDetail(null)} />
    </div>
  );
}
