import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, DesktopOutlined, ExperimentOutlined, PlusOutlined, SettingOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { carouselNameSchema, dashboardLimits, validationMessage, type CarouselSummary } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddCarouselMutation, useCarouselListQuery, useDeleteCarouselMutation } from '../api/carousels';
import { dashboardPaths } from '../lib/paths';
import { schemaRule } from '../lib/texts';
import '../dashboards.css';

const stateColor = { draft: 'default', published: 'green', changed: 'orange' } as const;

/** The carousel list; `playground` is /test/boarddisplay (try a draft before publishing it). */
function CarouselList({ playground }: { playground: boolean }) {
  const { t } = useTranslation(['dashboards', 'texts']);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const locale = useLocale();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const list = useCarouselListQuery({ pageNum, pageSize, keyword });
  const add = useAddCarouselMutation();
  const remove = useDeleteCarouselMutation();
  const configPath = playground ? dashboardPaths.playgroundConfig : dashboardPaths.carouselConfig;

  const total = list.data?.total;
  useEffect(() => {
    if (total !== undefined && pageNum > 1 && (pageNum - 1) * pageSize >= total) {
      setPageNum(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [total, pageNum, pageSize]);

  const handleCreate = async ({ name }: { name: string }) => {
    try {
      const created = await add.mutateAsync(name.trim());
      setCreating(false);
      void message.success(t('texts:operationSuccess'));
      void navigate(configPath(created.id));
    } catch {
      // Shown by the API client.
    }
  };
  const handleDelete = (carousel: CarouselSummary) => {
    void modal.confirm({
      title: t('carousel.deleteTitle', { name: carousel.name }),
      content: t('carousel.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(carousel.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  const columns: TableColumnsType<CarouselSummary> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string, c) => <Link to={configPath(c.id)}><strong>{name}</strong></Link> },
    { title: t('carousel.boards'), dataIndex: 'boardCount', key: 'boardCount', width: 90, align: 'right' },
    { title: t('carousel.state'), dataIndex: 'state', key: 'state', width: 120, render: (state: CarouselSummary['state']) => <Tag color={stateColor[state]}>{t(`carouselState.${state}`)}</Tag> },
    { title: t('carousel.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', width: 170, className: 'sd-nowrap', render: (value: number | null) => (value ? formatDateTime(value) : '—') },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 340,
      render: (_value, c) => (
        <Space size={0} wrap>
          <Link to={configPath(c.id)}>
            <Button type="link" size="small" icon={playground ? <ExperimentOutlined /> : <SettingOutlined />} aria-label={t('actions.settingsNamed', { name: c.name })}>
              {playground ? t('carousel.try') : t('actions.settings')}
            </Button>
          </Link>
          {c.state !== 'draft' && (
            <>
              <Link to={dashboardPaths.bigScreen(c.id)}>
                <Button type="link" size="small" icon={<DesktopOutlined />}>
                  {t('carousel.bigScreen')}
                </Button>
              </Link>
              <Link to={dashboardPaths.marquee(c.id)}>
                <Button type="link" size="small" icon={<SoundOutlined />}>
                  {t('carousel.marquee')}
                </Button>
              </Link>
            </>
          )}
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(c)} aria-label={t('actions.deleteNamed', { name: c.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={playground ? t('playground.title') : t('carousel.title')}
        description={playground ? t('playground.description') : t('carousel.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('carousel.new')}
          </Button>
        }
      />
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            placeholder={t('carousel.search')}
            aria-label={t('carousel.search')}
            style={{ width: 260 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNum(1);
            }}
            onChange={(event) => {
              if (event.target.value === '') {
                setKeyword('');
                setPageNum(1);
              }
            }}
          />
        </div>
        <Table<CarouselSummary>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          pagination={{
            current: pageNum,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('carousel.total', { count }),
            onChange: (page, size) => {
              setPageNum(size === pageSize ? page : 1);
              setPageSize(size);
            },
          }}
          locale={{ emptyText: list.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('list.emptySearch') : t('carousel.empty')} /> }}
        />
      </Card>
      <FormModal<{ name: string }> open={creating} title={t('carousel.new')} form={form} width={460} confirmLoading={add.isPending} okText={t('actions.create')} onCancel={() => setCreating(false)} onFinish={(values) => void handleCreate(values)}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, schemaRule(carouselNameSchema, locale)]}>
          <Input autoFocus maxLength={dashboardLimits.nameLength} showCount />
        </Form.Item>
      </FormModal>
    </div>
  );
}

/** /smartdata/dashboarddisplay */
export function CarouselListPage() {
  return <CarouselList playground={false} />;
}

/** /test/boarddisplay */
export function PlaygroundListPage() {
  return <CarouselList playground />;
}
