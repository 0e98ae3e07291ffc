import { useState, type Key, type ReactNode } from 'react';
import { App, Button, Dropdown, Space, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, DownloadOutlined, EllipsisOutlined, EyeOutlined, FullscreenOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmLevels, alarmPermission, alarmSources, alarmStates, timeRangePresets, type AlarmView } from '@smartdata/domain';
import { FilterSelect } from '@/shared/components/list/FilterSelect';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn } from '@/shared/components/list/listColumns';
import type { RowAction } from '@/shared/components/list/RowActions';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
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
import { LevelTag, SourceText, StateTag } from '../components/AlarmTags';
import { LiveState } from '../components/LiveState';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';
import { targetFilterParams, targetFilterValue } from '../lib/targetFilter';
import { targetKindText } from '../lib/texts';
import '../alarms.css';

type Filters = Pick<AlarmListParams, 'level' | 'state' | 'ruleId' | 'preset' | 'itemId' | 'deviceId' | 'source'>;
type Handling = { action: 'ack' | 'clear'; alarm: AlarmView } | { action: 'ackMany'; ids: number[] };

const WALL_PATH = '/alertdashboard';

/** A cell of two lines: the fact, and under it a muted detail (none when null). */
function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <div className="sd-alarm-cell">
      <span>{main}</span>
      {sub !== null && <span className="sd-muted">{sub}</span>}
    </div>
  );
}
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
  const isPhone = useIsPhone();
  const paged = usePagedList<Filters>(20);
  const [selected, setSelected] = useState<Key[]>([]);
  const [handling, setHandling] = useState<Handling | null>(null);
  const [detail, setDetail] = useState<AlarmView | null>(null);
  const filters = paged.filters;
  const alarms = useAlarmsQuery({ ...filters, pageNum: paged.pageNum, pageSize: paged.pageSize });
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

  const setFilterValues = (values: Partial<Filters>) => {
    paged.filter(values);
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

  const rowActions = (alarm: AlarmView): RowAction[] => {
    const name = alarm.ruleName || alarm.targetName;
    const actions: (RowAction | false)[] = [
      alarm.state === 'active' && { key: 'ack', label: t('actions.ack'), icon: <CheckOutlined />, onClick: () => setHandling({ action: 'ack', alarm }), ariaLabel: t('actions.ackNamed', { name }) },
      alarm.state !== 'cleared' && {
        key: 'clear',
        label: t('actions.clear'),
        icon: <StopOutlined />,
        danger: true,
        onClick: () => setHandling({ action: 'clear', alarm }),
        ariaLabel: t('actions.clearNamed', { name }),
      },
      { key: 'detail', label: t('actions.detail'), icon: <EyeOutlined />, onClick: () => setDetail(alarm), ariaLabel: t('actions.detailNamed', { name }) },
    ];
    return actions.filter((action): action is RowAction => action !== false);
  };

  // On a phone the table scrolls sideways and nothing stays at its right edge: the actions are a
  // menu in the first column, which stays in place (issue 31.11).
  const phoneActions: TableColumnsType<AlarmView>[number] = {
    title: t('columns.actions'),
    key: 'actions',
    width: 72,
    render: (_value, alarm) => (
      <Dropdown trigger={['click']} menu={{ items: rowActions(alarm).map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger, onClick: a.onClick })) }}>
        <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('actions.menuNamed', { name: alarm.ruleName || alarm.targetName })} />
      </Dropdown>
    ),
  };

  const columns: TableColumnsType<AlarmView> = [
    ...(isPhone ? [phoneActions] : []),
    {
      title: t('columns.levelSource'),
      key: 'level',
      width: 104,
      className: 'sd-nowrap',
      // Where it came from (客户端: a device reported it; 服务端: the platform raised it) under its level.
      render: (_value, alarm) => (
        <div className="sd-alarm-cell">
          <LevelTag level={alarm.level} />
          <SourceText source={alarm.source} />
        </div>
      ),
    },
    {
      title: t('columns.alarm'),
      key: 'alarm',
      render: (_value, alarm) => <TwoLines main={<strong>{alarm.ruleName || t(`kind.${alarm.kind}`)}</strong>} sub={alarm.ruleName && alarm.kind !== 'threshold' ? t(`kind.${alarm.kind}`) : null} />,
    },
    {
      title: t('columns.target'),
      key: 'target',
      render: (_value, alarm) => <TwoLines main={alarm.targetName} sub={targetKindText(alarm.target, t)} />,
    },
    {
      title: t('columns.valueAndTime'),
      key: 'value',
      width: 150,
      align: 'right',
      className: 'sd-nowrap',
      // The value's own time under it: a daily total's day (its window start), a device's time stamp.
      render: (_value, alarm) => <TwoLines main={alarm.value ?? '—'} sub={alarm.valueTime === null ? null : formatDateTime(alarm.valueTime)} />,
    },
    { title: t('columns.state'), dataIndex: 'state', key: 'state', width: 100, render: (state: AlarmView['state']) => <StateTag state={state} /> },
    {
      title: t('columns.triggered'),
      key: 'time',
      width: 170,
      className: 'sd-nowrap',
      render: (_value, alarm) => <TwoLines main={formatDateTime(alarm.firstTime)} sub={alarm.lastTime === alarm.firstTime ? null : t('log.lastTime', { time: formatDateTime(alarm.lastTime) })} />,
    },
    { title: t('columns.count'), dataIndex: 'count', key: 'count', width: 68, align: 'right', className: 'sd-nowrap' },
    ...(isPhone ? [] : [actionsColumn<AlarmView>(t('columns.actions'), rowActions, { width: 200, fixed: 'right', wrap: true })]),
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
      <ListCard<AlarmView> columns={columns} query={alarms} paged={paged} scrollX={1100}
        // Live: a pushed alarm refreshes the page without dimming it.
        loading={alarms.isFetching && alarms.isPending}
        texts={{ total: (count) => t('log.total', { count }), empty: t('log.empty'), hint: t('log.emptyHint'), noMatch: t('log.emptyFiltered') }}
        table={{
          rowClassName: (alarm) => (alarm.state === 'active' ? `sd-alarm-row sd-alarm-row--level${alarm.level}` : 'sd-alarm-row'),
          rowSelection: {
            selectedRowKeys: selected,
            onChange: setSelected,
            getCheckboxProps: (alarm) => ({ disabled: alarm.state !== 'active', 'aria-label': alarm.ruleName || alarm.targetName }),
          },
        }}
        filters={
            <div className="sd-page__toolbar sd-alarm-filters">
              <FilterSelect<number>
                label={t('log.filterLevel')}
                placeholder={t('log.allLevels')}
                className="sd-alarm-filters__level"
                value={filters.level}
                onChange={(level) => setFilterValues({ level })}
                options={[...alarmLevels].reverse().map((level) => ({ value: level, label: t(`level.${level}`) }))}
              />
              <FilterSelect<AlarmView['state']> label={t('log.filterState')} placeholder={t('log.allStates')} className="sd-alarm-filters__state" value={filters.state} onChange={(state) => setFilterValues({ state })} options={alarmStates.map((state) => ({ value: state, label: t(`state.${state}`) }))} />
              {codes.has(alarmPermission.rules) && (
                <FilterSelect<number>
                  search
                  label={t('log.filterRule')}
                  placeholder={t('log.allRules')}
                  className="sd-alarm-filters__rule"
                  value={filters.ruleId}
                  loading={rules.isPending}
                  onChange={(ruleId) => setFilterValues({ ruleId })}
                  options={(rules.data ?? []).map((rule) => ({ value: rule.id, label: rule.name }))}
                />
              )}
              <FilterSelect<string>
                search
                label={t('log.filterTarget')}
                placeholder={t('log.allTargets')}
                className="sd-alarm-filters__target"
                value={targetFilterValue(filters)}
                onChange={(value) => setFilterValues(targetFilterParams(value))}
                options={[
                  { label: t('target.field'), title: t('target.field'), options: (items.data?.list ?? []).map((item) => ({ value: `item:${item.id}`, label: item.name })) },
                  { label: t('target.deviceOnline'), title: t('target.deviceOnline'), options: (devices.data?.list ?? []).map((device) => ({ value: `device:${device.id}`, label: device.name })) },
                ]}
              />
              <FilterSelect<number>
                label={t('log.filterSource')}
                placeholder={t('log.allSources')}
                className="sd-alarm-filters__source"
                value={filters.source}
                onChange={(source) => setFilterValues({ source })}
                options={[alarmSources.client, alarmSources.server].map((source) => ({ value: source, label: t(`source.${source}`) }))}
              />
              <FilterSelect<NonNullable<Filters['preset']>> label={t('log.filterPreset')} placeholder={t('log.allTime')} className="sd-alarm-filters__preset" value={filters.preset} onChange={(preset) => setFilterValues({ preset })} options={timeRangePresets.map((preset) => ({ value: preset, label: t(`preset.${preset}`) }))} />
              <div className="sd-alarm-filters__batch">
                {selected.length > 0 && <Typography.Text type="secondary">{t('log.selected', { count: selected.length })}</Typography.Text>}
                <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => setHandling({ action: 'ackMany', ids: selected.map(Number) })}>
                  {t('actions.ackSelected')}
                </Button>
              </div>
            </div>
        }
      />
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
