import { useState } from 'react';
import { App, Button, Form, Input, type TableColumnsType } from 'antd';
import { DesktopOutlined, ExperimentOutlined, PlusOutlined, SettingOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { carouselNameSchema, dashboardLimits, validationMessage, type CarouselSummary } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { usePagedList } from '@/shared/hooks/usePagedList';
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
  const columns: TableColumnsType<CarouselSummary> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string, c) => <Link to={configPath(c.id)}><strong>{name}</strong></Link> },
    { title: t('carousel.boards'), dataIndex: 'boardCount', key: 'boardCount', width: 90, align: 'right' },
    stateTagColumn<CarouselSummary, CarouselSummary['state']>(t('carousel.state'), 'state', { label: (state) => t(`carouselState.${state}`), color: (state) => stateColor[state] }, { width: 120 }),
    timeColumn(t('carousel.publishedAt'), 'publishedAt'),
    actionsColumn(
      t('columns.actions'),
      (c) => [
        {
          key: 'settings',
          label: playground ? t('carousel.try') : t('actions.settings'),
          icon: playground ? <ExperimentOutlined /> : <SettingOutlined />,
          ariaLabel: t('actions.settingsNamed', { name: c.name }),
          onClick: () => void navigate(configPath(c.id)),
        },
        c.state !== 'draft' && { key: 'bigScreen', label: t('carousel.bigScreen'), icon: <DesktopOutlined />, onClick: () => void navigate(dashboardPaths.bigScreen(c.id)) },
        c.state !== 'draft' && { key: 'marquee', label: t('carousel.marquee'), icon: <SoundOutlined />, onClick: () => void navigate(dashboardPaths.marquee(c.id)) },
        { kind: 'delete', name: c.name, confirm: { title: t('carousel.deleteTitle', { name: c.name }), content: t('carousel.deleteContent'), onDelete: () => remove.mutateAsync(c.id) } },
      ],
      { width: 340, wrap: true },
    ),
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
      <ListCard<CarouselSummary> columns={columns} query={list} paged={paged} scrollX={900}
        texts={{ search: t('carousel.search'), total: (count) => t('carousel.total', { count }), empty: t('carousel.empty'), noMatch: t('list.emptySearch') }}
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
