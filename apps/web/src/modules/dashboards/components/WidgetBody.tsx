import { useEffect, useMemo, useState } from 'react';
import { Empty, Spin } from 'antd';
import { ClockCircleOutlined, LockOutlined, DisconnectOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import { widgetDefaults, type ChartConfig, type RecordItem, type WidgetView } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { useAlarmFeedQuery } from '../api/boards';
import { ChartView } from '@/modules/charts/components/ChartView';
import { useDeviceListQuery, useLatestRecordsQuery } from '../api/widgetData';
import { useElementSize } from '@/shared/hooks/useElementSize';
import { EChart } from './EChart';

interface WidgetBodyProps {
  widget: WidgetView;
  refreshMs: number;
  /** Shown in an editor: hints point at the widget's settings button, not at "the editor". */
  editing?: boolean;
}

function Notice({ icon, text, hint }: { icon: React.ReactNode; text: string; hint?: string }) {
  return (
    <div className="sd-widget__notice" role="status">
      <span className="sd-widget__notice-icon">{icon}</span>
      <span>{text}</span>
      {hint && <span className="sd-widget__notice-hint">{hint}</span>}
    </div>
  );
}

/** The body of a widget as a viewer sees it: its data, or why there is none. */
export function WidgetBody({ widget, refreshMs, editing = false }: WidgetBodyProps) {
  const { t } = useTranslation('dashboards');
  const savedChart = widget.kind === 'savedChart';
  if (widget.access === 'noPermission') {
    return <Notice icon={<LockOutlined />} text={t('widget.noPermission')} hint={t('widget.noPermissionHint')} />;
  }
  if (widget.access === 'missing') {
    return savedChart ? (
      <Notice icon={<DisconnectOutlined />} text={t('widget.chartMissing')} hint={t('widget.chartMissingHint')} />
    ) : (
      <Notice icon={<DisconnectOutlined />} text={t('widget.missing')} />
    );
  }
  if (widget.access === 'unbound') {
    const hint = savedChart ? (editing ? 'widget.noChartHintEditing' : 'widget.noChartHint') : editing ? 'widget.unboundHintEditing' : 'widget.unboundHint';
    return <Notice icon={<DisconnectOutlined />} text={t(savedChart ? 'widget.noChart' : 'widget.unbound')} hint={t(hint)} />;
  }
  switch (widget.kind) {
    case 'numberCard':
    case 'gauge':
      // An aggregate over a time range is the charts module's query; otherwise the newest value.
      return widget.options.aggregate && widget.options.aggregate !== 'none' ? <ChartWidget widget={widget} /> : <LatestValue widget={widget} refreshMs={refreshMs} />;
    case 'table':
      return <LatestTable widget={widget} refreshMs={refreshMs} />;
    case 'chart':
      return <ChartWidget widget={widget} />;
    case 'savedChart':
      return widget.chart ? <SavedChartWidget chart={widget.chart} /> : <Notice icon={<DisconnectOutlined />} text={t('widget.chartMissing')} />;
    case 'text':
      return (
        <div className="sd-widget__text" style={{ fontSize: widget.options.fontSize ?? widgetDefaults.fontSize, color: widget.options.color }}>
          {widget.options.text || <span className="sd-muted">{t('widget.emptyText')}</span>}
        </div>
      );
    case 'image':
      return widget.options.imageUrl ? (
        <img className="sd-widget__image" src={widget.options.imageUrl} alt={widget.title} />
      ) : (
        <Notice icon={<WarningOutlined />} text={t('widget.noImage')} />
      );
    case 'clock':
      return <Clock />;
    case 'deviceStatus':
      return <DeviceStatus refreshMs={refreshMs} />;
    case 'alarmList':
      return <AlarmList />;
  }
}

function fieldLabel(widget: WidgetView, fieldName: string): { name: string; unit: string } {
  const field = widget.item?.fields.find((f) => f.fieldName === fieldName);
  return { name: field?.name ?? fieldName, unit: widget.options.unit ?? field?.unit ?? '' };
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false });
/** At most two decimals on a widget (the records page shows the full value). */
function formatNumber(value: number): string {
  return numberFormat.format(value);
}

function numeric(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** Number card and gauge: the newest record's value of the first bound field. */
function LatestValue({ widget, refreshMs }: WidgetBodyProps) {
  const { t } = useTranslation('dashboards');
  const itemId = widget.binding?.itemId ?? 0;
  const records = useLatestRecordsQuery(itemId, 1, refreshMs);
  const fieldName = widget.binding?.fields[0] ?? '';
  const label = fieldLabel(widget, fieldName);
  const record = records.data?.list[0];
  const value = record ? numeric(record.values[fieldName]) : null;
  const option = useMemo<EChartsCoreOption>(() => {
    const min = widget.options.min ?? widgetDefaults.gaugeMin;
    const max = widget.options.max ?? widgetDefaults.gaugeMax;
    return {
      series: [
        {
          type: 'gauge',
          min,
          max,
          radius: '95%',
          center: ['50%', '58%'],
          progress: { show: true, width: 8 },
          axisLine: { lineStyle: { width: 8 } },
          axisTick: { show: false },
          axisLabel: { show: false },
          splitLine: { length: 6, distance: 2 },
          pointer: { width: 3, length: '55%' },
          anchor: { show: true, size: 6 },
          title: { show: false },
          detail: { valueAnimation: false, fontSize: 15, fontWeight: 600, color: 'inherit', formatter: (v: number) => `${formatNumber(v)}${label.unit ? ` ${label.unit}` : ''}`, offsetCenter: [0, '72%'] },
          data: [{ value: value ?? 0 }],
        },
      ],
    };
  }, [widget.options.min, widget.options.max, value, label.unit]);
  if (records.isPending) {
    return <Spin className="sd-widget__spin" />;
  }
  if (records.isError) {
    return <Notice icon={<WarningOutlined />} text={t('widget.loadFailed')} />;
  }
  if (!record) {
    return <Notice icon={<ClockCircleOutlined />} text={t('widget.noData')} />;
  }
  if (widget.kind === 'gauge') {
    return <EChart option={option} label={`${widget.title}: ${value === null ? '—' : formatNumber(value)}`} />;
  }
  return (
    <div className="sd-widget__number">
      <div className="sd-widget__value" style={{ color: widget.options.color }} data-testid="widget-value">
        {value !== null ? formatNumber(value) : String(record.values[fieldName] ?? '—')}
        {label.unit && <span className="sd-widget__unit">{label.unit}</span>}
      </div>
      <div className="sd-widget__caption">
        {label.name} · {formatDateTime(record.createdAt)}
      </div>
    </div>
  );
}

/** Table of the newest records: created time and the bound fields. */
function LatestTable({ widget, refreshMs }: WidgetBodyProps) {
  const { t } = useTranslation('dashboards');
  const rows = widget.options.rows ?? widgetDefaults.rows;
  const records = useLatestRecordsQuery(widget.binding?.itemId ?? 0, rows, refreshMs);
  const fields = widget.binding?.fields ?? [];
  if (records.isPending) {
    return <Spin className="sd-widget__spin" />;
  }
  if (records.isError) {
    return <Notice icon={<WarningOutlined />} text={t('widget.loadFailed')} />;
  }
  const list: RecordItem[] = records.data.list;
  if (list.length === 0) {
    return <Notice icon={<ClockCircleOutlined />} text={t('widget.noData')} />;
  }
  return (
    <div className="sd-widget__table-wrap">
      <table className="sd-widget__table">
        <thead>
          <tr>
            <th>{t('widget.time')}</th>
            {fields.map((f) => (
              <th key={f}>{fieldLabel(widget, f).name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((record) => (
            <tr key={record.id}>
              <td className="sd-nowrap">{formatDateTime(record.createdAt)}</td>
              {fields.map((f) => {
                const n = numeric(record.values[f]);
                return <td key={f}>{n !== null ? formatNumber(n) : String(record.values[f] ?? '')}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Charts, and number cards or gauges over an aggregate: the charts module's ChartView (server-side
 * aggregation and downsampling, live refresh, its own empty / no-permission / error states),
 * sized to the widget.
 */
/** One empty list for widgets without a binding, so the series memo below stays stable. */
const NO_FIELDS: string[] = [];

function ChartWidget({ widget }: { widget: WidgetView }) {
  const box = useElementSize();
  const fields = widget.binding?.fields ?? NO_FIELDS;
  const aggregate = widget.options.aggregate ?? widgetDefaults.aggregate;
  const kind = widget.kind === 'chart' ? (widget.options.chartKind ?? widgetDefaults.chartKind) : widget.kind === 'gauge' ? 'gauge' : 'numberCard';
  const series = useMemo(() => (kind === 'numberCard' || kind === 'gauge' ? fields.slice(0, 1) : fields).map((field) => ({ field, aggregate })), [fields, aggregate, kind]);
  const range = useMemo(() => ({ preset: widget.options.rangePreset ?? widgetDefaults.rangePreset }), [widget.options.rangePreset]);
  // A gauge's scale is the one its settings show (0 … 100 unless set), whichever query feeds it.
  const gauge = kind === 'gauge';
  const options = useMemo(
    () => ({ min: widget.options.min ?? (gauge ? widgetDefaults.gaugeMin : undefined), max: widget.options.max ?? (gauge ? widgetDefaults.gaugeMax : undefined), decimals: 2 }),
    [widget.options.min, widget.options.max, gauge],
  );
  return (
    <div ref={box.ref} className="sd-widget__chart">
      {box.height > 0 && (
        <ChartView
          itemId={widget.binding?.itemId ?? 0}
          kind={kind}
          series={series}
          bucket={widget.kind === 'chart' ? (widget.options.bucket ?? widgetDefaults.bucket) : 'raw'}
          range={range}
          maxPoints={300}
          live
          height={Math.max(60, box.height)}
          options={options}
        />
      )}
    </div>
  );
}

/**
 * A saved chart of a data item, drawn from the chart's config as the server answered it with the
 * board (so a change on the chart's page shows on the next load of the board).
 */
function SavedChartWidget({ chart }: { chart: ChartConfig }) {
  const box = useElementSize();
  return (
    <div ref={box.ref} className="sd-widget__chart" data-chart-id={chart.id}>
      {box.height > 0 && (
        <ChartView
          itemId={chart.itemId}
          kind={chart.kind}
          series={chart.series}
          bucket={chart.bucket}
          range={chart.range}
          maxPoints={300}
          live
          height={Math.max(60, box.height)}
          options={chart.options}
          category={chart.category}
        />
      )}
    </div>
  );
}

/** The company's wall clock (DESIGN §5: times are the company's), in the interface language. */
function Clock() {
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const date = new Date(now);
  return (
    <div className="sd-widget__clock">
      <div className="sd-widget__clock-time">{date.toLocaleTimeString(locale, { hour12: false, timeZone })}</div>
      <div className="sd-widget__caption">{date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', timeZone })}</div>
    </div>
  );
}

/** Devices and their online state, from the devices module when it answers. */
function DeviceStatus({ refreshMs }: { refreshMs: number }) {
  const { t } = useTranslation('dashboards');
  const devices = useDeviceListQuery(refreshMs);
  if (devices.isPending) {
    return <Spin className="sd-widget__spin" />;
  }
  const list = devices.data ?? [];
  if (list.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widget.noDevices')} />;
  }
  const online = list.filter((d) => d.online).length;
  return (
    <div className="sd-widget__devices">
      <div className="sd-widget__caption">{t('widget.devicesOnline', { online, total: list.length })}</div>
      <ul>
        {list.slice(0, 50).map((d) => (
          <li key={d.id}>
            <span className={d.online ? 'sd-dot sd-dot--on' : 'sd-dot'} />
            {d.name || d.sn}
            <span className="sd-muted">{d.online ? t('widget.online') : t('widget.offline')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Alarm messages: cloud monitoring's open alarms that the viewer may read (the server's alarm feed). */
function AlarmList() {
  const { t } = useTranslation('dashboards');
  const feed = useAlarmFeedQuery();
  if (feed.isPending) {
    return <Spin className="sd-widget__spin" />;
  }
  const list = feed.data?.list ?? [];
  if (list.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widget.noAlarms')} />;
  }
  return (
    <ul className="sd-widget__alarms">
      {list.map((alarm) => (
        <li key={alarm.id}>
          <span className={`sd-alarm-level sd-alarm-level--${alarm.level}`}>{t(`alarmLevel.${alarm.level}`)}</span>
          {alarm.message}
          <span className="sd-muted">{formatDateTime(alarm.at)}</span>
        </li>
      ))}
    </ul>
  );
}
