import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Result, Segmented, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ReportFormat, ReportPeriod } from '@smartdata/domain';
import { reportTemplatePath } from '@/shared/routing/cabinNodePaths';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { formatDate } from '@/shared/utils/formatTime';
import { companyToday, midnightOf } from '@/shared/utils/timeRange';
import { exportReport, usePreviewQuery, type PeriodParams } from '../api/reports';
import { SheetGrid } from '../components/SheetGrid';
import '../reports.css';

/**
 * /previewReport/{entityId} (top level, full screen): a period — day, week, month of the company
 * zone containing the chosen date, or a custom range of dates — the computed table, and the XLSX
 * and PDF downloads of that same period.
 */
export function PreviewReportPage() {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.entityId);
  const [period, setPeriod] = useState<ReportPeriod>('month');
  // Picked days are the company's calendar days (docs/reports.md): today there, midnight there.
  const timeZone = useCompanyTimeZone();
  const [date, setDate] = useState<Dayjs>(() => companyToday(timeZone));
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const query: PeriodParams =
    period === 'custom'
      ? { period, from: range ? (midnightOf(range[0], timeZone) ?? undefined) : undefined, to: range ? (midnightOf(range[1], timeZone, 1) ?? undefined) : undefined }
      : { period, at: midnightOf(date, timeZone) ?? Date.now() };
  const preview = usePreviewQuery(id, query);
  const data = preview.data;

  const download = async (format: ReportFormat) => {
    setDownloading(format);
    try {
      await exportReport(id, query, format, data?.name ?? 'report');
    } catch {
      // Shown by the download helper.
    } finally {
      setDownloading(null);
    }
  };

  const dateOnly = (ms: number) => formatDate(ms, data?.timeZone ?? timeZone);
  // Every period here is whole local days (the custom one is picked as dates): shown as dates, the last day included.
  const rangeText = data ? { from: dateOnly(data.from), to: dateOnly(data.to - 1) } : null;
  const byRef = new Map((data?.cells ?? []).map((c) => [c.ref, c]));
  const styles = new Map((data?.layout ?? []).map((c) => [c.ref, c]));
  const ready = period !== 'custom' || range !== null;

  return (
    <div className="sd-report-preview">
      <Space wrap style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('preview.title')}
          {data ? ` · ${data.name}` : ''}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(reportTemplatePath(id, data?.name ?? '-'))}>
          {t('preview.back')}
        </Button>
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <div className="sd-report-toolbar">
          <span>{t('preview.period')}</span>
          <Segmented
            value={period}
            onChange={(value) => setPeriod(value)}
            options={(['day', 'week', 'month', 'custom'] as const).map((p) => ({ value: p, label: t(`preview.${p}`) }))}
          />
          {period === 'custom' ? (
            <DatePicker.RangePicker value={range} onChange={(value) => setRange(value && value[0] && value[1] ? [value[0], value[1]] : null)} aria-label={t('preview.pickRange')} />
          ) : (
            <DatePicker value={date} picker={period === 'month' ? 'month' : period === 'week' ? 'week' : 'date'} allowClear={false} onChange={(value) => value && setDate(value)} />
          )}
          <Space wrap>
            <Button icon={<DownloadOutlined />} disabled={!ready || !data} loading={downloading === 'xlsx'} onClick={() => void download('xlsx')}>
              {t('preview.downloadXlsx')}
            </Button>
            <Button icon={<DownloadOutlined />} disabled={!ready || !data} loading={downloading === 'pdf'} onClick={() => void download('pdf')}>
              {t('preview.downloadPdf')}
            </Button>
          </Space>
        </div>
        {data && rangeText && <Typography.Text type="secondary">{t('preview.range', { ...rangeText, zone: data.timeZone })}</Typography.Text>}
      </Card>
      {!ready ? (
        <Empty description={t('preview.pickRange')} />
      ) : preview.isLoading ? (
        <Skeleton active />
      ) : preview.isError && !data ? (
        <Result status="404" title={t('page.notFound')} />
      ) : data && data.cells.length === 0 ? (
        <Empty description={t('preview.empty')} />
      ) : data ? (
        <SheetGrid
          rows={data.rows}
          columns={data.columns}
          widths={data.columnWidths}
          merges={data.merges}
          styles={styles}
          textOf={(ref) => byRef.get(ref)?.text ?? ''}
          errorOf={(ref) => !!byRef.get(ref)?.error}
          numericOf={(ref) => typeof byRef.get(ref)?.value === 'number'}
          ariaLabel={t('preview.grid')}
        />
      ) : null}
    </div>
  );
}
