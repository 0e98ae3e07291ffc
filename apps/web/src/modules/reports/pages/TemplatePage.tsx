import { useEffect } from 'react';
import { Alert, App, Button, Card, Empty, Form, Result, Select, Skeleton, Space, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { levelAtLeast, reportFormats, reportFrequencies, reportLimits, type ReportFormat, type ReportFrequency, type TemplateCell } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { editTemplatePath, previewReportPath } from '@/shared/routing/cabinNodePaths';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useSetScheduleMutation, useTemplateQuery } from '../api/reports';
import { SheetGrid } from '../components/SheetGrid';
import { useSheetNames } from '../components/useSheetNames';
import { cellSource, gridSize } from '../lib/sheet';
import '../reports.css';

interface ScheduleForm {
  frequency: ReportFrequency;
  format: ReportFormat;
  emails: string[];
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const noCells: TemplateCell[] = [];

/**
 * /smartdata/reportTemplate/{entityId}/{name}: the template's saved layout (texts, formulas,
 * bindings), links to the editor and the preview, and its schedule (read-write to change).
 */
export function TemplatePage() {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.entityId);
  const template = useTemplateQuery(id);
  const setSchedule = useSetScheduleMutation(id);
  const [form] = Form.useForm<ScheduleForm>();
  const names = useSheetNames(template.data?.cells ?? noCells);

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
        description={`${t('kind')} · ${t('page.updated', { time: formatDateTime(data.updatedAt) })}`}
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
          {data.schedule.nextRunAt !== null && <Typography.Paragraph type="secondary">{t('schedule.next', { time: formatDateTime(data.schedule.nextRunAt) })}</Typography.Paragraph>}
          {data.schedule.lastRunAt !== null && <Typography.Paragraph type="secondary">{t('schedule.last', { time: formatDateTime(data.schedule.lastRunAt) })}</Typography.Paragraph>}
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
