import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Result, Skeleton, Space, Tag } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { levelAtLeast, limits, recordPlaceholders, type RichNode } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { docTemplatesPath, richEditorPath } from '@/shared/routing/templatePaths';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { useDocTemplateQuery, useExportDocumentPdfMutation, useRenderedDocumentQuery, useSaveDocTemplateMutation } from '../api/docTemplates';
import type { PlaceholderOption } from '../components/TemplateEditor';
import '../templates.css';

// The editor (TipTap and ProseMirror) loads only when a template is edited.
const TemplateEditor = lazy(() => import('../components/TemplateEditor').then((m) => ({ default: m.TemplateEditor })));

const emptyDocument: RichNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * /smartdata/richEditorTemplate/{itemId}/{valueId}/{itemName}/{objId}: template `objId` of item
 * `itemId` in the rich-text editor (0: a new template); with a record `valueId`, the template
 * filled for that record — printed from the browser (print CSS hides the console) or downloaded as
 * a PDF rendered on the server.
 */
export function RichEditorPage() {
  const params = useParams();
  const itemId = Number(params.itemId);
  const recordId = Number(params.valueId) || 0;
  const templateId = Number(params.objId) || 0;
  const itemName = params.itemName && params.itemName !== '-' ? params.itemName : '';
  return recordId > 0 && templateId > 0 ? (
    <FilledDocument itemId={itemId} itemName={itemName} templateId={templateId} recordId={recordId} />
  ) : (
    <TemplateEditing key={templateId} itemId={itemId} itemName={itemName} templateId={templateId} />
  );
}

function FilledDocument({ itemId, itemName, templateId, recordId }: { itemId: number; itemName: string; templateId: number; recordId: number }) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const rendered = useRenderedDocumentQuery(templateId, recordId);
  const exportPdf = useExportDocumentPdfMutation();
  if (rendered.isError) {
    return (
      <div className="sd-page">
        <Result status="404" title={t('document.notFound')} extra={<Button onClick={() => void navigate(-1)}>{t('actions.back')}</Button>} />
      </div>
    );
  }
  return (
    <div className="sd-page tpl-print-page">
      <PageHeader
        title={
          <Space size={8} wrap>
            <span>{rendered.data?.name ?? t('document.title')}</span>
            <Tag color="blue">{rendered.data?.itemName ?? itemName}</Tag>
          </Space>
        }
        description={t('document.description', { id: recordId })}
        actions={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(docTemplatesPath({ id: itemId, name: rendered.data?.itemName ?? itemName }, recordId))}>
              {t('actions.back')}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => void navigate(richEditorPath({ itemId, itemName: rendered.data?.itemName ?? itemName, templateId }))}>
              {t('document.editTemplate')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exportPdf.isPending} onClick={() => exportPdf.mutate({ templateId, recordId })}>
              {t('document.pdf')}
            </Button>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!rendered.data}>
              {t('document.print')}
            </Button>
          </>
        }
      />
      <Card className="tpl-sheet-card">
        {rendered.isPending ? (
          <Skeleton active />
        ) : (
          // The server's HTML: every text escaped, only the tags of the known node types (richDocumentHtml).
          <article className="tpl-document tpl-sheet" aria-label={rendered.data.name} dangerouslySetInnerHTML={{ __html: rendered.data.html }} />
        )}
      </Card>
    </div>
  );
}

function TemplateEditing({ itemId, itemName, templateId }: { itemId: number; itemName: string; templateId: number }) {
  const { t } = useTranslation('templates');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const item = useDataItemQuery(itemId);
  const template = useDocTemplateQuery(templateId);
  const save = useSaveDocTemplateMutation();
  const [form] = Form.useForm<{ name: string }>();
  const [body, setBody] = useState<RichNode | null>(null);
  const name = item.data?.name ?? itemName;

  const placeholders = useMemo<PlaceholderOption[]>(
    () => [
      ...(item.data?.fields ?? []).map((field) => ({ key: field.fieldName, label: field.name })),
      ...recordPlaceholders.map((key) => ({ key, label: t(`facts.${key.slice(1)}`) })),
    ],
    [item.data?.fields, t],
  );

  if (item.isError || template.isError || !Number.isSafeInteger(itemId) || itemId <= 0) {
    return (
      <div className="sd-page">
        <Result status="404" title={t('docs.notFound')} extra={<Button onClick={() => void navigate(-1)}>{t('actions.back')}</Button>} />
      </div>
    );
  }
  const loading = item.isPending || (templateId > 0 && template.isPending);
  const canWrite = item.data ? levelAtLeast(item.data.level, 'readWrite') : false;

  const handleSave = async ({ name: templateName }: { name: string }) => {
    const document = body ?? template.data?.body ?? emptyDocument;
    const saved = await save.mutateAsync(templateId > 0 ? { id: templateId, name: templateName, body: document } : { itemId, name: templateName, body: document });
    void message.success(t('editor.saved'));
    if (templateId === 0) {
      void navigate(richEditorPath({ itemId, itemName: name, templateId: saved.id }), { replace: true });
    }
  };

  return (
    <div className="sd-page">
      <PageHeader
        title={
          <Space size={8} wrap>
            <span>{templateId > 0 ? t('editor.editTitle') : t('editor.createTitle')}</span>
            <Tag color="blue">{name}</Tag>
          </Space>
        }
        description={t('editor.description')}
        actions={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(docTemplatesPath({ id: itemId, name }))}>
              {t('editor.backToList')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} disabled={loading || !canWrite} onClick={() => form.submit()}>
              {t('editor.save')}
            </Button>
          </>
        }
      />
      <Card>
        {loading ? (
          <Skeleton active />
        ) : (
          <>
            <Form form={form} layout="vertical" initialValues={{ name: template.data?.name ?? '' }} onFinish={(values) => void handleSave(values)} disabled={!canWrite}>
              <Form.Item
                name="name"
                label={t('editor.name')}
                rules={[
                  { required: true, whitespace: true, message: t('editor.nameRequired') },
                  { max: limits.generalNameLength, message: t('editor.nameTooLong', { max: limits.generalNameLength }) },
                ]}
              >
                <Input placeholder={t('editor.namePlaceholder')} maxLength={limits.generalNameLength} className="tpl-editor__name" />
              </Form.Item>
            </Form>
            <Suspense fallback={<Skeleton active />}>
              <TemplateEditor initial={template.data?.body ?? emptyDocument} placeholders={placeholders} onChange={setBody} />
            </Suspense>
            <p className="tpl-editor__hint">{t('editor.hint')}</p>
          </>
        )}
      </Card>
    </div>
  );
}
