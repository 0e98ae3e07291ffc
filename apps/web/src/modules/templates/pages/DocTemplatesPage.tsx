import { Button, Card, Empty, Result, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, FileTextOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { levelAtLeast, type DocTemplateSummary } from '@smartdata/domain';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { richEditorPath } from '@/shared/routing/templatePaths';
import { useDeleteDocTemplateMutation, useDocTemplatesQuery } from '../api/docTemplates';
import '../templates.css';

/**
 * /smartdata/Doctemplate?itemId=&itemName=[&recordId=] (hidden): the document templates of a data
 * item — new, edit, delete (read-write on the item) — and, opened from a record, the documents of
 * that record to print or download (read).
 */
export function DocTemplatesPage() {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [params] = useSearchParams();
  const itemId = Number(params.get('itemId'));
  const recordId = Number(params.get('recordId')) || null;
  const query = useDocTemplatesQuery(itemId);
  const remove = useDeleteDocTemplateMutation();
  const itemName = query.data?.itemName ?? params.get('itemName') ?? '';
  const canWrite = query.data ? levelAtLeast(query.data.level, 'readWrite') : false;

  if (query.isError || !Number.isSafeInteger(itemId) || itemId <= 0) {
    return (
      <div className="sd-page">
        <Result status="404" title={t('docs.notFound')} extra={<Button onClick={() => void navigate(-1)}>{t('actions.back')}</Button>} />
      </div>
    );
  }

  const columns: TableColumnsType<DocTemplateSummary> = [
    {
      key: 'name',
      title: t('docs.columns.name'),
      render: (_v, row) => (
        <Space size={6}>
          <FileTextOutlined aria-hidden="true" />
          <span>{row.name}</span>
        </Space>
      ),
    },
    { ...timeColumn<DocTemplateSummary>(t('docs.columns.updatedAt'), 'updatedAt', { width: 180 }), responsive: ['md'] },
    actionsColumn(
      t('docs.columns.actions'),
      (row) => [
        recordId !== null && {
          key: 'open',
          label: t('docs.open'),
          icon: <PrinterOutlined />,
          onClick: () => void navigate(richEditorPath({ itemId, itemName, templateId: row.id, recordId })),
          ariaLabel: t('docs.openNamed', { name: row.name }),
        },
        canWrite && { kind: 'edit', name: row.name, ariaLabel: t('docs.editNamed', { name: row.name }), onClick: () => void navigate(richEditorPath({ itemId, itemName, templateId: row.id })) },
        canWrite && { kind: 'delete', name: row.name, ariaLabel: t('docs.deleteNamed', { name: row.name }), confirm: { title: t('docs.deleteTitle', { name: row.name }), content: t('docs.deleteHint'), done: t('docs.deleted'), onDelete: () => remove.mutateAsync(row.id) } },
      ],
      // On a phone the actions stack instead of pushing the column past the screen.
      { width: isPhone ? 150 : recordId ? 280 : 180, wrap: true },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={
          <Space size={8} wrap>
            <span>{t('docs.title')}</span>
            <Tag color="blue">{itemName}</Tag>
          </Space>
        }
        description={recordId ? t('docs.forRecord', { id: recordId }) : t('docs.description')}
        actions={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
              {t('actions.back')}
            </Button>
            {canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(richEditorPath({ itemId, itemName }))}>
                {t('docs.create')}
              </Button>
            )}
          </>
        }
      />
      <Card>
        {query.isPending ? (
          <Skeleton active />
        ) : (
          <Table
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={query.data.list}
            pagination={false}
            locale={{ emptyText: <Empty description={canWrite ? t('docs.emptyWritable') : t('docs.empty')} /> }}
          />
        )}
      </Card>
    </div>
  );
}
