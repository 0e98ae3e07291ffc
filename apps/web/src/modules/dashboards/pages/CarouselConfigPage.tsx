import { useEffect } from 'react';
import { App, Button, Card, Empty, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, DesktopOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { boardTransitions, carouselNameSchema, dashboardLimits, isTimeOfDay, limits, validationMessage, type BoardTransition } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useBoardListQuery } from '../api/boards';
import { useCarouselQuery, usePublishCarouselMutation, useUpdateCarouselMutation } from '../api/carousels';
import { CarouselPlayer } from '../components/CarouselPlayer';
import { dashboardPaths } from '../lib/paths';
import { dashboardText, schemaRule } from '../lib/texts';
import { BoardLoadState } from '../components/BoardLoadState';
import '../dashboards.css';

interface EntryValues {
  boardId?: number;
  seconds?: number | null;
  from?: string;
  to?: string;
}
interface CarouselValues {
  name: string;
  defaultSeconds: number;
  transition: BoardTransition;
  entries: EntryValues[];
}

const stateColor = { draft: 'default', published: 'green', changed: 'orange' } as const;

/**
 * A carousel's boards in order, each with its duration and optional time-of-day window (company
 * time zone), the default interval and the transition. Saving keeps a draft; publishing makes it
 * what big_screen plays. `playground` (/test/boarddisplayconfig) plays the draft beside the form.
 */
function CarouselConfig({ playground }: { playground: boolean }) {
  const { t } = useTranslation(['dashboards', 'texts']);
  const { message } = App.useApp();
  const locale = useLocale();
  const id = Number(useParams().boardPlayId);
  const carousel = useCarouselQuery(id);
  const boards = useBoardListQuery({ pageNum: 1, pageSize: limits.pageSizeMax, keyword: '' });
  const update = useUpdateCarouselMutation();
  const publish = usePublishCarouselMutation();
  const [form] = Form.useForm<CarouselValues>();

  useEffect(() => {
    if (carousel.data) {
      const draft = carousel.data.draft;
      form.setFieldsValue({
        name: carousel.data.name,
        defaultSeconds: draft.defaultSeconds,
        transition: draft.transition,
        entries: draft.entries.map((e) => ({ boardId: e.boardId, seconds: e.seconds, from: e.window?.from, to: e.window?.to })),
      });
    }
  }, [carousel.data, form]);

  const saveDraft = async (): Promise<boolean> => {
    let values: CarouselValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    try {
      await update.mutateAsync({
        id,
        name: values.name.trim(),
        defaultSeconds: values.defaultSeconds,
        transition: values.transition,
        entries: (values.entries ?? []).map((e) => ({
          boardId: e.boardId!,
          seconds: e.seconds ?? null,
          window: e.from && e.to ? { from: e.from, to: e.to } : null,
        })),
      });
      return true;
    } catch {
      return false;
    }
  };
  const handleSave = async () => {
    if (await saveDraft()) {
      void message.success(t('texts:operationSuccess'));
    }
  };
  const handlePublish = async () => {
    if ((values(form).entries ?? []).length === 0) {
      void message.error(dashboardText('validation.dashboard.noEntries', locale));
      return;
    }
    if (!(await saveDraft())) {
      return;
    }
    try {
      await publish.mutateAsync(id);
      void message.success(t('carousel.publishedToast'));
    } catch {
      // Shown by the API client.
    }
  };

  if (carousel.isPending || carousel.isError) {
    return <BoardLoadState query={carousel} />;
  }
  const secondsRule = { type: 'number' as const, min: dashboardLimits.carouselSecondsMin, max: dashboardLimits.carouselSecondsMax, message: dashboardText('validation.dashboard.seconds', locale) };
  const timeRule = (other: 'from' | 'to', name: number) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const otherValue = form.getFieldValue(['entries', name, other]) as string | undefined;
      if (!value && !otherValue) {
        return;
      }
      if (!value || !isTimeOfDay(value)) {
        throw new Error(dashboardText('validation.dashboard.timeOfDay', locale));
      }
      if (otherValue === value) {
        throw new Error(dashboardText('validation.dashboard.emptyWindow', locale));
      }
    },
  });

  return (
    <div className="sd-page">
      <PageHeader
        title={
          <Space>
            {playground ? t('playground.configTitle', { name: carousel.data.name }) : t('carousel.configTitle', { name: carousel.data.name })}
            <Tag color={stateColor[carousel.data.state]} data-testid="carousel-state">
              {t(`carouselState.${carousel.data.state}`)}
            </Tag>
          </Space>
        }
        description={t('carousel.configDescription', { timeZone: carousel.data.timeZone })}
        actions={
          <Space wrap>
            {carousel.data.state !== 'draft' && (
              <Link to={dashboardPaths.bigScreen(id)}>
                <Button icon={<DesktopOutlined />}>{t('carousel.bigScreen')}</Button>
              </Link>
            )}
            <Button onClick={() => void handleSave()} loading={update.isPending && !publish.isPending}>
              {t('carousel.saveDraft')}
            </Button>
            <Button type="primary" onClick={() => void handlePublish()} loading={publish.isPending}>
              {t('carousel.publish')}
            </Button>
          </Space>
        }
      />
      <div className={playground ? 'sd-playground' : undefined}>
        <Card>
          <Form<CarouselValues> form={form} layout="vertical" requiredMark onFinish={() => void handleSave()}>
            <Space wrap size="middle" align="start">
              <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, schemaRule(carouselNameSchema, locale)]}>
                <Input maxLength={dashboardLimits.nameLength} showCount style={{ width: 260 }} />
              </Form.Item>
              <Form.Item name="defaultSeconds" label={t('carousel.defaultSeconds')} rules={[{ required: true, message: dashboardText('validation.dashboard.seconds', locale) }, secondsRule]}>
                <InputNumber min={dashboardLimits.carouselSecondsMin} max={dashboardLimits.carouselSecondsMax} addonAfter={t('carousel.secondsUnit')} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="transition" label={t('carousel.transition')}>
                <Select style={{ width: 140 }} options={boardTransitions.map((value) => ({ value, label: t(`transition.${value}`) }))} />
              </Form.Item>
            </Space>
            <Typography.Title level={5}>{t('carousel.entries')}</Typography.Title>
            <Form.List name="entries">
              {(fields, { add, remove, move }) => (
                <>
                  {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('carousel.noEntries')} />}
                  {fields.map((field, index) => (
                    <div key={field.key} className="sd-carousel-entry" data-testid="carousel-entry">
                      <span className="sd-carousel-entry__index">{index + 1}</span>
                      <Form.Item name={[field.name, 'boardId']} rules={[{ required: true, message: t('carousel.boardRequired') }]} className="sd-carousel-entry__board">
                        <Select
                          showSearch
                          optionFilterProp="label"
                          aria-label={t('carousel.board')}
                          placeholder={t('carousel.board')}
                          options={(boards.data?.list ?? []).map((b) => ({ value: b.id, label: b.name }))}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'seconds']} rules={[secondsRule]}>
                        <InputNumber aria-label={t('carousel.seconds')} placeholder={t('carousel.defaultPlaceholder')} min={dashboardLimits.carouselSecondsMin} max={dashboardLimits.carouselSecondsMax} addonAfter={t('carousel.secondsUnit')} style={{ width: 150 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'from']} dependencies={[['entries', field.name, 'to']]} rules={[timeRule('to', field.name)]}>
                        <Input aria-label={t('carousel.windowFrom')} placeholder={t('carousel.windowFrom')} style={{ width: 130 }} maxLength={5} />
                      </Form.Item>
                      <span className="sd-muted">–</span>
                      <Form.Item name={[field.name, 'to']} dependencies={[['entries', field.name, 'from']]} rules={[timeRule('from', field.name)]}>
                        <Input aria-label={t('carousel.windowTo')} placeholder={t('carousel.windowTo')} style={{ width: 130 }} maxLength={5} />
                      </Form.Item>
                      <Space size={0}>
                        <Button type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('carousel.moveUp')} />
                        <Button type="text" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={t('carousel.moveDown')} />
                        <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('carousel.removeEntry')} />
                      </Space>
                    </div>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ seconds: null })} disabled={fields.length >= dashboardLimits.carouselEntriesMax}>
                    {t('carousel.addEntry')}
                  </Button>
                  <p className="sd-muted sd-carousel-hint">{t('carousel.windowHint')}</p>
                </>
              )}
            </Form.List>
          </Form>
        </Card>
        {playground && (
          <Card title={t('playground.preview')} className="sd-playground__preview">
            <div className="sd-playground__screen">
              <CarouselPlayer carouselId={id} version="draft" />
            </div>
          </Card>
        )}
      </div>
    </div>
  );
}

function values(form: ReturnType<typeof Form.useForm<CarouselValues>>[0]): Partial<CarouselValues> {
  return form.getFieldsValue(true) as Partial<CarouselValues>;
}

/** /smartdata/configboardplay/:boardPlayId */
export function CarouselConfigPage() {
  return <CarouselConfig playground={false} />;
}

/** /test/boarddisplayconfig/:boardPlayId — try the draft before publishing. */
export function PlaygroundConfigPage() {
  return <CarouselConfig playground />;
}
