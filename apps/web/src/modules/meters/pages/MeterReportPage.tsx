import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Empty, Skeleton, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined, LeftOutlined, LineChartOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ReportDay, TariffPeriod } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { exportMonthlyReport } from '../api/exportMonthlyReport';
import { useMeterQuery, useMonthlyReportQuery } from '../api/meters';
import { DailyBarsChart } from '../components/DailyBarsChart';
import { MeterNotFound, MeterScreen } from '../components/MeterScreen';
import { meterPath, meterReportPath, monthOf, shiftMonth } from '../lib/meterPaths';
import { formatKwh, formatMoney } from '../lib/meterText';

/**
 * /standardReport/{year}/{month}/{id}/{name} and /virtualReport/…: a meter's month — consumption
 * per day (table and bars), totals, consumption and cost per tariff period, a month switcher, and
 * the XLSX / PDF export from the server.
 */
export function MeterReportPage() {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const navigate = useNavigate();
  const params = useParams();
  const meterId = Number(params.electricMeterId);
  const year = Number(params.year);
  const month = Number(params.month);
  const meter = useMeterQuery(meterId);
  const report = useMonthlyReportQuery(meterId, year, month);
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);
  const name = report.data?.meterName ?? meter.data?.name ?? params.electricMeterName ?? '';
  const nodeType = report.data?.nodeType ?? meter.data?.nodeType;
  const ref = { id: meterId, name, nodeType: nodeType ?? 101 };
  const now = monthOf(Date.now(), report.data?.timeZone ?? meter.data?.timeZone ?? 'Asia/Shanghai');
  const isFuture = year * 12 + month >= now.year * 12 + now.month;
  const go = (target: { year: number; month: number }) => void navigate(meterReportPath(ref, target.year, target.month), { replace: true });

  const data = report.data;
  const periods: TariffPeriod[] = useMemo(() => (data?.totals.periods ?? []).map((p) => p.period), [data]);
  const hasTariff = (data?.tariff.length ?? 0) > 0;
  const days = useMemo(() => (data?.days ?? []).map((d) => ({ day: Number(d.date.slice(8, 10)), value: d.value, gap: d.gap })), [data]);

  const download = async (format: 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      await exportMonthlyReport({ meterId, year, month, format }, name);
    } catch {
      // Shown by the download helper.
    } finally {
      setExporting(null);
    }
  };

  if (report.isError && meter.isError) {
    return (
      <MeterScreen title={name}>
        <MeterNotFound />
      </MeterScreen>
    );
  }

  const dayValue = (day: ReportDay) =>
    day.gap ? (
      <Tag color="warning" className="sd-meter-gap">
        {t('gap')}
      </Tag>
    ) : day.value === null ? (
      <span className="sd-muted">—</span>
    ) : (
      formatKwh(day.value, locale)
    );

  const columns: TableColumnsType<ReportDay> = [
    { title: t('report.date'), dataIndex: 'date', key: 'date', width: 120, fixed: 'left', className: 'sd-nowrap' },
    { title: t('report.consumption'), key: 'value', align: 'right', width: 130, render: (_value, day) => dayValue(day) },
    ...periods.map((period, index) => ({
      title: t('report.periodConsumption', { period: t(`periods.${period}`) }),
      key: `p-${period}`,
      align: 'right' as const,
      width: 110,
      render: (_value: unknown, day: ReportDay) => (day.gap ? '' : formatKwh(day.periods[index]?.value ?? null, locale)),
    })),
    ...(hasTariff ? [{ title: t('report.cost'), key: 'cost', align: 'right' as const, width: 110, render: (_value: unknown, day: ReportDay) => (day.gap ? '' : formatMoney(day.cost, locale)) }] : []),
  ];

  return (
    <MeterScreen
      title={name}
      nodeType={nodeType}
      subtitle={t('report.subtitle', { year, month })}
      actions={
        <>
          <Button icon={<LineChartOutlined />} onClick={() => void navigate(meterPath(ref))}>
            {t('actions.open')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} disabled={!data} onClick={() => void download('xlsx')}>
            {t('report.exportXlsx')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting === 'pdf'} disabled={!data} onClick={() => void download('pdf')}>
            {t('report.exportPdf')}
          </Button>
        </>
      }
    >
      <div className="sd-meter-report__switcher" role="group" aria-label={t('report.month')}>
        <Tooltip title={t('report.previous')}>
          <Button icon={<LeftOutlined />} aria-label={t('report.previous')} onClick={() => go(shiftMonth(year, month, -1))} />
        </Tooltip>
        <DatePicker
          picker="month"
          allowClear={false}
          value={Number.isFinite(year) && Number.isFinite(month) ? dayjs(new Date(year, month - 1, 1)) : null}
          onChange={(value) => value && go({ year: value.year(), month: value.month() + 1 })}
          aria-label={t('report.month')}
          className="sd-meter-report__month"
        />
        <Tooltip title={t('report.next')}>
          <Button icon={<RightOutlined />} aria-label={t('report.next')} disabled={isFuture} onClick={() => go(shiftMonth(year, month, 1))} />
        </Tooltip>
        {(year !== now.year || month !== now.month) && <Button onClick={() => go(now)}>{t('report.thisMonth')}</Button>}
      </div>

      {report.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : !data ? (
        <MeterNotFound />
      ) : (
        <>
          <section className="sd-meter-stats" aria-label={t('report.totals')}>
            <Card className="sd-meter-stat">
              <div className="sd-meter-stat__label">{t('report.total')}</div>
              <div className="sd-meter-stat__value" data-testid="report-total">
                {formatKwh(data.totals.value, locale)} <span className="sd-meter-stat__unit">kWh</span>
              </div>
            </Card>
            <Card className="sd-meter-stat">
              <div className="sd-meter-stat__label">{t('report.totalCost')}</div>
              <div className="sd-meter-stat__value" data-testid="report-cost">
                {hasTariff ? formatMoney(data.totals.cost, locale) : '—'}
              </div>
              {!hasTariff && <div className="sd-muted sd-meter-stat__note">{t('report.noTariff')}</div>}
            </Card>
            <Card className="sd-meter-stat">
              <div className="sd-meter-stat__label">{t('report.gapDays')}</div>
              <div className="sd-meter-stat__value">{data.totals.gapDays}</div>
            </Card>
          </section>

          <Card title={t('report.chartTitle')} className="sd-meter-card">
            <DailyBarsChart days={days} height={240} />
          </Card>

          {hasTariff && (
            <Card title={t('report.periodsTitle')} className="sd-meter-card">
              <Table
                rowKey="period"
                size="small"
                pagination={false}
                scroll={{ x: 480 }}
                dataSource={data.totals.periods}
                columns={[
                  { title: t('report.period'), dataIndex: 'period', key: 'period', render: (period: TariffPeriod) => t(`periods.${period}`) },
                  { title: t('report.price'), dataIndex: 'price', key: 'price', align: 'right', render: (price: number | null) => formatMoney(price, locale) },
                  { title: t('report.consumption'), dataIndex: 'value', key: 'value', align: 'right', render: (value: number | null) => formatKwh(value, locale) },
                  { title: t('report.cost'), dataIndex: 'cost', key: 'cost', align: 'right', render: (cost: number | null) => formatMoney(cost, locale) },
                ]}
                summary={() => (
                  <Table.Summary.Row className="sd-meter-report__sum">
                    <Table.Summary.Cell index={0}>{t('report.sum')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} />
                    <Table.Summary.Cell index={2} align="right">
                      {formatKwh(data.totals.value, locale)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {formatMoney(data.totals.cost, locale)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
            </Card>
          )}

          <Card title={t('report.daysTitle')} className="sd-meter-card">
            <Table<ReportDay>
              rowKey="date"
              size="small"
              className="sd-meter-report__days"
              pagination={false}
              scroll={{ x: 250 + periods.length * 110 + (hasTariff ? 110 : 0) }}
              dataSource={data.days}
              columns={columns}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDays')} /> }}
              summary={() => (
                <Table.Summary fixed="bottom">
                  <Table.Summary.Row className="sd-meter-report__sum">
                    <Table.Summary.Cell index={0}>{t('report.sum')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <span data-testid="report-sum">{formatKwh(data.totals.value, locale)}</span>
                    </Table.Summary.Cell>
                    {data.totals.periods.map((period, index) => (
                      <Table.Summary.Cell key={period.period} index={2 + index} align="right">
                        {formatKwh(period.value, locale)}
                      </Table.Summary.Cell>
                    ))}
                    {hasTariff && (
                      <Table.Summary.Cell index={2 + periods.length} align="right">
                        {formatMoney(data.totals.cost, locale)}
                      </Table.Summary.Cell>
                    )}
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
            <Space className="sd-muted sd-meter-report__zone">{t('report.timeZone', { zone: data.timeZone })}</Space>
          </Card>
        </>
      )}
    </MeterScreen>
  );
}
