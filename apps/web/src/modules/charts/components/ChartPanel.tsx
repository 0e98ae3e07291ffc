import { useCallback, useRef, useState } from 'react';
import { Button, Card, Popconfirm, Space, Switch, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, ExpandOutlined, FileImageOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChartConfig, ChartQueryResult } from '@smartdata/domain';
import { saveBlob, saveUrl } from '@/shared/api/download';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { chartsKeys } from '../api/keys';
import { chartMeta } from '../lib/chartMeta';
import { ChartView, type ChartViewHandle } from './ChartView';

interface ChartPanelProps {
  chart: ChartConfig;
  canWrite: boolean;
  height?: number;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Opens the chart in the dialog view (left out inside the dialog itself). */
  onOpenDialog?: () => void;
  deleting?: boolean;
  /** Without its card and title (inside the dialog, which has the title). */
  bare?: boolean;
  /** A field's name by its key (the category axis in the summary line). */
  fieldName?: (key: string) => string;
}

/** A saved chart with its actions: live refresh, refresh, dialog, PNG and CSV export, edit, delete. */
export function ChartPanel({ chart, canWrite, height = 420, onEdit, onDelete, onOpenDialog, deleting, bare = false, fieldName }: ChartPanelProps) {
  const { t } = useTranslation('charts');
  const timeZone = useCompanyTimeZone();
  const queryClient = useQueryClient();
  const view = useRef<ChartViewHandle>(null);
  const [live, setLive] = useState(true);
  const [result, setResult] = useState<ChartQueryResult | null>(null);
  const handleData = useCallback((data: ChartQueryResult) => setResult(data), []);
  const hasCanvas = chart.kind !== 'numberCard' && chart.kind !== 'table';
  const points = result ? result.series.reduce((n, s) => n + s.points.length, 0) : 0;

  const handlePng = () => {
    const url = view.current?.toPng();
    if (url) {
      saveUrl(url, `${chart.name}.png`);
    }
  };
  const handleCsv = () => {
    const csv = view.current?.toCsv();
    if (csv) {
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${chart.name}.csv`);
    }
  };

  const meta = (
    <Typography.Text type="secondary" className="sd-charts__meta">
      {chartMeta(chart, timeZone, t, fieldName)}
      {result && ` · ${t('points', { count: points })}`}
    </Typography.Text>
  );
  const toolbar = (
    <div className="sd-chart-panel__toolbar">
      {bare ? meta : <span />}
      <Space wrap size={4}>
        {/* A visible label: a bare switch in a toolbar said nothing until hovered (issue 13). */}
        <label className="sd-chart-panel__live">
          <Switch size="small" checked={live} onChange={setLive} />
          <span>{t('actions.live')}</span>
        </label>
        <Tooltip title={t('actions.refresh')}>
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('actions.refresh')} onClick={() => void queryClient.invalidateQueries({ queryKey: chartsKeys.queries(chart.itemId) })} />
        </Tooltip>
        {onOpenDialog && (
          <Tooltip title={t('actions.dialog')}>
            <Button type="text" icon={<ExpandOutlined />} aria-label={t('actions.dialog')} onClick={onOpenDialog} />
          </Tooltip>
        )}
        {hasCanvas && (
          <Button icon={<FileImageOutlined />} disabled={points === 0} onClick={handlePng}>
            {t('actions.png')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} disabled={!result} onClick={handleCsv}>
          {t('actions.csv')}
        </Button>
        {canWrite && onEdit && (
          <Button icon={<EditOutlined />} onClick={onEdit}>
            {t('actions.edit')}
          </Button>
        )}
        {canWrite && onDelete && (
          <Popconfirm title={t('confirm.delete', { name: chart.name })} description={t('confirm.deleteHint')} okButtonProps={{ danger: true, loading: deleting }} onConfirm={onDelete}>
            <Button danger icon={<DeleteOutlined />}>
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );

  const body = (
    <>
      {toolbar}
      <ChartView
        ref={view}
        itemId={chart.itemId}
        kind={chart.kind}
        series={chart.series}
        bucket={chart.bucket}
        range={chart.range}
        options={chart.options}
        category={chart.category}
        live={live}
        height={height}
        onData={handleData}
      />
      {result?.series.some((s) => s.downsampled) && (
        <Typography.Text type="secondary" className="sd-charts__meta">
          {t('view.downsampled')}
        </Typography.Text>
      )}
    </>
  );
  if (bare) {
    return <div className="sd-chart-panel">{body}</div>;
  }
  return (
    <Card
      className="sd-chart-panel"
      title={
        <div className="sd-chart-panel__title">
          <span>{chart.name}</span>
          {meta}
        </div>
      }
    >
      {body}
    </Card>
  );
}
