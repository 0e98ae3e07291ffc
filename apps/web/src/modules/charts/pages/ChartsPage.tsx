import { useState } from 'react';
import { App, Button, Card, Empty, Input, List, Modal, Typography } from 'antd';
import { AreaChartOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ChartConfig, DataItemDetail } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { ItemStatus } from '@/modules/data-items/components/ItemStatus';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { recordsPath } from '@/shared/routing/dataItemPaths';
import { useChartConfigQuery } from '../api/getChart';
import { useChartsQuery } from '../api/getCharts';
import { useDeleteChartMutation } from '../api/deleteChart';
import { ChartPanel } from '../components/ChartPanel';
import { chartMeta } from '../lib/chartMeta';
import { chartConfigPath, chartDialogPath, chartPagePath } from '@/shared/routing/chartPaths';
import '../charts.css';

const pageSize = 20;

/**
 * /smartdata/chartpages/{itemId}/{chartName}/{typeCode}/{chartId}/{itemName}: the charts of a data
 * item (searchable, paged) beside the chosen one (chartId 0: the first). With `dialog` (the
 * ChartDialogs route) the chosen chart is also open in a dialog over the page.
 */
export function ChartsPage({ dialog = false }: { dialog?: boolean }) {
  const { itemId: itemParam, chartId: chartParam } = useParams();
  const itemId = Number(itemParam);
  const item = useDataItemQuery(itemId);
  if (!item.data) {
    return (
      <div className="sd-page">
        <ItemStatus error={item.error} />
      </div>
    );
  }
  return <ChartsOfItem key={item.data.id} item={item.data} chartId={Number(chartParam) || 0} dialog={dialog} />;
}

/** The ChartDialogs route: the chart list with the chosen chart in a dialog. */
export function ChartDialogPage() {
  return <ChartsPage dialog />;
}

function ChartsOfItem({ item, chartId, dialog }: { item: DataItemDetail; chartId: number; dialog: boolean }) {
  const { t } = useTranslation('charts');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const timeZone = useCompanyTimeZone();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const search = useDebouncedValue(keyword.trim(), 300);
  const list = useChartsQuery({ itemId: item.id, pageNum, pageSize, keyword: search || undefined });
  const charts = list.data?.list ?? [];
  const chosenId = chartId || (search === '' && pageNum === 1 ? (charts[0]?.id ?? 0) : 0);
  const chosen = useChartConfigQuery(chosenId);
  const remove = useDeleteChartMutation(item.id);
  const canWrite = item.level === 'readWrite' || item.level === 'admin';
  const link = { id: item.id, name: item.name, nodeId: item.nodeId };
  const open = (chart: ChartConfig) => navigate(chartPagePath(link, chart));
  const fieldName = (key: string) => item.fields.find((field) => field.fieldName === key)?.name ?? key;

  const handleDelete = async (chart: ChartConfig) => {
    await remove.mutateAsync(chart.id);
    void message.success(t('texts:deleteSuccess'));
    void navigate(chartPagePath(link), { replace: true });
  };

  const panel = (chart: ChartConfig, inDialog: boolean) => (
    <ChartPanel
      chart={chart}
      canWrite={canWrite}
      height={inDialog ? 460 : 420}
      bare={inDialog}
      deleting={remove.isPending}
      fieldName={fieldName}
      onEdit={() => void navigate(chartConfigPath(link, chart.id))}
      onDelete={() => void handleDelete(chart)}
      onOpenDialog={inDialog ? undefined : () => void navigate(chartDialogPath(link, chart))}
    />
  );

  return (
    <div className="sd-page sd-page--wide">
      <PageHeader
        title={t('list.title', { item: item.name })}
        description={t('list.description')}
        actions={
          <>
            <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(recordsPath({ id: item.id, name: item.name, kind: item.kind, nodeId: item.nodeId, directoryId: item.directoryId }))}>
              {t('actions.records')}
            </Button>
            {canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(chartConfigPath(link))}>
                {t('list.add')}
              </Button>
            )}
          </>
        }
      />
      <div className="sd-charts">
        <Card size="small" className="sd-charts__list">
          <Input.Search
            allowClear
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.target.value);
              setPageNum(1);
            }}
            style={{ marginBottom: 8 }}
          />
          <List
            loading={list.isLoading}
            dataSource={charts}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('view.empty') : canWrite ? t('list.empty') : t('list.emptyReadOnly')} /> }}
            pagination={(list.data?.total ?? 0) > pageSize ? { current: pageNum, pageSize, total: list.data?.total, size: 'small', simple: true, onChange: setPageNum } : false}
            renderItem={(chart) => (
              <List.Item
                className={chart.id === chosenId ? 'sd-charts__current' : undefined}
                tabIndex={0}
                role="link"
                aria-current={chart.id === chosenId ? 'page' : undefined}
                onClick={() => void open(chart)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    void open(chart);
                  }
                }}
              >
                <List.Item.Meta
                  avatar={<AreaChartOutlined style={{ fontSize: 18, color: '#1677ff', marginTop: 4 }} />}
                  title={chart.name}
                  description={<span className="sd-charts__meta">{chartMeta(chart, timeZone, t, fieldName)}</span>}
                />
              </List.Item>
            )}
          />
          {list.data && list.data.total > 0 && (
            <Typography.Text type="secondary" className="sd-charts__meta">
              {t('list.total', { count: list.data.total })}
            </Typography.Text>
          )}
        </Card>
        <div>
          {chosen.data ? (
            panel(chosen.data, false)
          ) : chosenId > 0 ? (
            <ItemStatus error={chosen.error} />
          ) : (
            <Card>
              <Empty description={charts.length > 0 ? t('list.pick') : canWrite ? t('list.empty') : t('list.emptyReadOnly')}>
                {canWrite && charts.length === 0 && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(chartConfigPath(link))}>
                    {t('list.add')}
                  </Button>
                )}
              </Empty>
            </Card>
          )}
        </div>
      </div>
      {dialog && chosen.data && (
        <Modal open width="min(1100px, 94vw)" title={chosen.data.name} footer={null} destroyOnHidden onCancel={() => void navigate(chartPagePath(link, chosen.data))}>
          {panel(chosen.data, true)}
        </Modal>
      )}
    </div>
  );
}
