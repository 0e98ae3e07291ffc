import { Button, Descriptions, Skeleton } from 'antd';
import { BarChartOutlined, ExportOutlined, FileTextOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { levelAtLeast } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useMeterQuery } from '../api/meters';
import { meterConfigPath, meterPath, meterReportPath, monthOf } from '../lib/meterPaths';
import { formatKwh, formulaText } from '../lib/meterText';
import { SourceText } from './SourceText';
import '../meters.css';

interface Props {
  meterId: number;
  nodeId: number;
  name: string;
  nodeType: number;
}

/**
 * The cabin detail panel of a meter node: open buttons (detail, this month's report, settings) and
 * what the meter is — type, source or formula, latest reading, today and this month.
 */
export function MeterNodePanel({ meterId, name, nodeType }: Props) {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const navigate = useNavigate();
  const meter = useMeterQuery(meterId);
  const ref = { id: meterId, name, nodeType };
  const now = monthOf(Date.now(), meter.data?.timeZone ?? 'Asia/Shanghai');
  const canEdit = meter.data ? levelAtLeast(meter.data.level, 'readWrite') : false;
  return (
    <>
      <div className="sd-cabin-detail__primary">
        <Button type="primary" icon={<ExportOutlined />} aria-keyshortcuts="Enter" onClick={() => void navigate(meterPath(ref))}>
          {t('actions.open')}
        </Button>
        <Button icon={<FileTextOutlined />} onClick={() => void navigate(meterReportPath(ref, now.year, now.month))}>
          {t('actions.report')}
        </Button>
        {canEdit && (
          <Button icon={<SettingOutlined />} onClick={() => void navigate(meterConfigPath(ref))}>
            {t('actions.settings')}
          </Button>
        )}
      </div>
      {meter.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : meter.data ? (
        <Descriptions
          column={1}
          size="small"
          colon={false}
          className="sd-meter-panel sd-cabin-detail__facts-list"
          items={[
            { key: 'type', label: t('fields.type'), children: t(`types.${meter.data.nodeType}`) },
            meter.data.formula
              ? { key: 'formula', label: t('fields.formula'), children: formulaText(meter.data.formula, locale) }
              : { key: 'source', label: t('fields.source'), children: <SourceText meter={meter.data} /> },
            {
              key: 'reading',
              label: t('fields.reading'),
              children: meter.data.reading ? (
                <span>
                  <strong>{formatKwh(meter.data.reading.value, locale)} kWh</strong>
                  <span className="sd-muted"> · {formatDateTime(meter.data.reading.at, meter.data.timeZone)}</span>
                </span>
              ) : (
                <span className="sd-muted">{t('detail.noReading')}</span>
              ),
            },
            {
              key: 'usage',
              label: t('fields.usage'),
              children: (
                <span>
                  <BarChartOutlined aria-hidden="true" /> {t('detail.todayShort', { value: formatKwh(meter.data.today, locale) })} · {t('detail.monthShort', { value: formatKwh(meter.data.thisMonth, locale) })}
                </span>
              ),
            },
          ]}
        />
      ) : (
        <p className="sd-muted">{t('detail.loadFailed')}</p>
      )}
    </>
  );
}
