import { useEffect } from 'react';
import { Alert, App, Button, Card, Empty, Form, Result, Select, Skeleton, Space, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { levelAtLeast, reportFormats, reportFrequencies, reportLimits, type ReportFormat, type ReportFrequency } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useMeterListQuery } from '@/modules/meters/api/meters';
import { editTemplatePath, previewReportPath } from '@/shared/routing/cabinNodePaths';
import { useSetScheduleMutation, useTemplateQuery } from '../api/reports';
import { SheetGrid } from '../components/SheetGrid';
import { cellSource, gridSize } from '../lib/sheet';
import '../reports.css';

interface ScheduleForm {
  frequency: ReportFrequency;
  format: ReportFormat;
  emails: string[];
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /smartdata/reportTemplate/{entityId}/{name}: the template's saved layout (texts, formulas,
 * bindings), links to the editor and the preview, and its schedule (read-write to change).
 */
export function TemplatePage() {
  const { t, i18n } = useTranslation('reports');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.entityId);
  const template = useTemplateQuery(id);
  const setSchedule = useSetScheduleMutation(id);
  const [form] = Form.useForm<ScheduleForm>();
  const items = useDataItemListQuery();
  const meters = useMeterListQuery({ pageNum: 1, pageSize: 200 });

  useEffect(() => {
    if (template.data) {
      form.setFieldsValue({ frequency: template.data.schedule.frequency, format: template.data.schedule.format, emails: template.data.schedule.emails });
    }
  }, [template.data, form]);

  if (template.isLoading) {
    return (
      <div className="sd-page">
        <Skeleton active />
      </div>
    );
  }
  if (!template.data) {
    return <Result status="404" title={t('page.notFound')} />;
  }
  const data = template.data;
  const canWrite = levelAtLeast(data.level, 'readWrite');
  const styles = new Map(data.cells.map((c) => [c.ref, c]));
  const size = gridSize(data.cells, data.merges, data.columnWidths, 0, { rows: 1, columns: 1 });
  const names = {
    item: (itemId: number) => items.data?.list.find((i) => i.id === itemId)?.name ?? `#${itemId}`,
    meter: (meterId: number) => meters.data?.list.find((m) => m.id === meterId)?.name ?? `#${meterId}`,
    aggregate: (a: string) => t(`aggregates.${a}`),
  };
  const time = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString(i18n.language));

  const onSave = async (values: ScheduleForm) => {
    try {
      await setSchedule.mutateAsync({ templateId: id, frequency: values.frequency, format: values.format, emails: values.emails ?? [] });
      void message.success(t('schedule.saved'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <div className="sd-page">
      <PageHeader
        title={data.name}
        description={`${t('kind')} · ${t('page.updated', { time: time(data.updatedAt) })}`}
        actions={
          <Space wrap>
            <Button icon={<EyeOutlined />} onClick={() => void navigate(previewReportPath(id))}>
              {t('page.preview')}
            </Button>
            {canWrite && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(editTemplatePath(id, data.name))}>
                {t('page.edit')}
              </Button>
            )}
          </Space>
        }
      />
      {!canWrite && <Alert type="info" showIcon message={t('page.readOnly')} style={{ marginBottom: 16 }} />}
      <Card title={t('page.layout')} size="small" style={{ marginBottom: 16 }}>
        {data.cells.length === 0 ? (
          <Empty description={t('page.empty')} />
        ) : (
          <SheetGrid rows={size.rows} columns={size.columns} widths={data.columnWidths} merges={data.merges} styles={styles} textOf={(ref) => cellSource(styles.get(ref), names)} ariaLabel={t('page.layout')} />
        )}
      </Card>
      <Card title={t('schedule.title')} size="small">
        <Form<ScheduleForm> form={form} layout="vertical" disabled={!canWrite} onFinish={(values) => void onSave(values)} style={{ maxWidth: 560 }}>
          <Form.Item name="frequency" label={t('schedule.frequency')}>
            <Select options={reportFrequencies.map((f) => ({ value: f, label: t(`schedule.${f}`) }))} />
          </Form.Item>
          <Form.Item name="format" label={t('schedule.format')}>
            <Select options={reportFormats.map((f) => ({ value: f, label: f.toUpperCase() }))} />
          </Form.Item>
          <Form.Item
            name="emails"
            label={t('schedule.emails')}
            extra={t('schedule.emailsHint')}
            rules={[
              {
                validator: async (_, value: string[] | undefined) => {
                  if ((value ?? []).some((e) => !emailPattern.test(e.trim()))) {
                    throw new Error(t('schedule.badEmail'));
                  }
                },
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ', ';']} maxCount={reportLimits.emails} placeholder={t('schedule.emailsPlaceholder')} open={false} suffixIcon={null} />
          </Form.Item>
          {data.schedule.nextRunAt !== null && <Typography.Paragraph type="secondary">{t('schedule.next', { time: time(data.schedule.nextRunAt) })}</Typography.Paragraph>}
          {data.schedule.lastRunAt !== null && <Typography.Paragraph type="secondary">{t('schedule.last', { time: time(data.schedule.lastRunAt) })}</Typography.Paragraph>}
          {canWrite && (
            <Button type="primary" htmlType="submit" loading={setSchedule.isPending}>
              {t('schedule.save')}
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
