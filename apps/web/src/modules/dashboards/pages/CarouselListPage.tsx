import { useState } from 'react';
import { App, Button, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, DesktopOutlined, ExperimentOutlined, PlusOutlined, SettingOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { carouselNameSchema, dashboardLimits, validationMessage, type CarouselSummary } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddCarouselMutation, useCarouselListQuery, useDeleteCarouselMutation } from '../api/carousels';
import { dashboardPaths } from '../lib/paths';
import { schemaRule } from '../lib/texts';
import '../dashboards.css';

const stateColor = { draft: 'default', published: 'green', changed: 'orange' } as const;

/** The carousel list; `playground` is /test/boarddisplay (try a draft before publishing it). */
function CarouselList({ playground }: { playground: boolean }) {
  const { t } = useTranslation(['dashboards', 'texts']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useLocale();
  const paged = usePagedList();
  const { confirmDelete } = useListActions();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const list = useCarouselListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const add = useAddCarouselMutation();
  const remove = useDeleteCarouselMutation();
  const configPath = playground ? dashboardPaths.playgroundConfig : dashboardPaths.carouselConfig;

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
  const handleDelete = (carousel: CarouselSummary) =>
    confirmDelete({
      title: t('carousel.deleteTitle', { name: carousel.name }),
      content: t('carousel.deleteContent'),
      okText: t('actions.delete'),
      onDelete: () => remove.mutateAsync(carousel.id),
    });

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
          <Button
            type="link"
            size="small"
            icon={playground ? <ExperimentOutlined /> : <SettingOutlined />}
            aria-label={t('actions.settingsNamed', { name: c.name })}
            onClick={() => void navigate(configPath(c.id))}
          >
            {playground ? t('carousel.try') : t('actions.settings')}
          </Button>
          {c.state !== 'draft' && (
            <>
              <Button type="link" size="small" icon={<DesktopOutlined />} onClick={() => void navigate(dashboardPaths.bigScreen(c.id))}>
                {t('carousel.bigScreen')}
              </Button>
              <Button type="link" size="small" icon={<SoundOutlined />} onClick={() => void navigate(dashboardPaths.marquee(c.id))}>
                {t('carousel.marquee')}
              </Button>
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
      <ListCard<CarouselSummary>
        rowKey="id"
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        pending={list.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('carousel.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: list.data?.total ?? 0, totalText: (count) => t('carousel.total', { count }) }}
        empty={{ text: t('carousel.empty'), searchText: t('list.emptySearch') }}
        scrollX={900}
      />
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
