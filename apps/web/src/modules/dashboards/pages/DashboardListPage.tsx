import { useRef, useState } from 'react';
import { App, Button, List, Modal, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, ImportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { levelAtLeast, type DashboardSummary, type ImportDashboardResult } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDialogFocusReturn } from '@/shared/hooks/useDialogFocusReturn';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { exportBoard, useAddBoardMutation, useBoardListQuery, useCopyBoardMutation, useDeleteBoardMutation, useImportBoardMutation } from '../api/boards';
import { CreateBoardForm, type CreateBoardValues } from '../components/CreateBoardForm';
import { dashboardPaths } from '../lib/paths';
import '../dashboards.css';

function downloadJson(fileName: string, value: unknown) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /smartdata/dashboard3: the dashboards the user can read (paged, searchable), create, copy, export, import, delete. */
export function DashboardListPage() {
  const { t } = useTranslation(['dashboards', 'texts']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const paged = usePagedList();
  const { confirmDelete } = useListActions();
  const boards = useBoardListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [creating, setCreating] = useState(false);
  const [report, setReport] = useState<ImportDashboardResult | null>(null);
  // The create dialog is a form submitted with Enter, like FormModal: focus back to its opener
  // only if the user has not moved it meanwhile (issue 23), no second submit while it closes.
  const createFocusReturn = useDialogFocusReturn(creating);
  const addBoard = useAddBoardMutation();
  const copyBoard = useCopyBoardMutation();
  const deleteBoard = useDeleteBoardMutation();
  const importBoard = useImportBoardMutation();
  const fileInput = useRef<HTMLInputElement>(null);

  const handleCreate = async (values: CreateBoardValues) => {
    try {
      const created = await addBoard.mutateAsync(values);
      setCreating(false);
      void message.success(t('texts:operationSuccess'));
      void navigate(dashboardPaths.edit({ id: created.id, nodeId: created.nodeId, name: values.name, boardType: values.boardType }));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleCopy = async (board: DashboardSummary) => {
    try {
      await copyBoard.mutateAsync(board.id);
      void message.success(t('texts:copySuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  const handleExport = async (board: DashboardSummary) => {
    try {
      downloadJson(`${board.name}.dashboard.json`, await exportBoard(board.id));
    } catch {
      // Shown by the API client.
    }
  };

  const handleImportFile = async (file: File) => {
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      void message.error(t('import.notJson'));
      return;
    }
    try {
      setReport(await importBoard.mutateAsync(document));
    } catch {
      // Shown by the API client (50001 with the reason).
    }
  };

  const handleDelete = (board: DashboardSummary) =>
    confirmDelete({
      title: t('delete.title', { name: board.name }),
      content: t('delete.content'),
      okText: t('actions.delete'),
      onDelete: () => deleteBoard.mutateAsync(board.id),
    });

  const columns: TableColumnsType<DashboardSummary> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, board) => (
        <Link to={dashboardPaths.view(board.id)}>
          <strong>{name}</strong>
        </Link>
      ),
    },
    { title: t('fields.boardType'), dataIndex: 'boardType', key: 'boardType', width: 110, render: (type: string) => <Tag color={type === 'bigScreen' ? 'purple' : 'blue'}>{t(`boardType.${type}`)}</Tag> },
    { title: t('columns.widgets'), dataIndex: 'widgetCount', key: 'widgetCount', width: 90, align: 'right' },
    { title: t('columns.level'), dataIndex: 'level', key: 'level', width: 110, render: (level: string) => t(`level.${level}`) },
    { title: t('columns.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 330,
      render: (_value, board) => {
        const canWrite = levelAtLeast(board.level, 'readWrite');
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('actions.viewNamed', { name: board.name })} onClick={() => void navigate(dashboardPaths.view(board.id))}>
              {t('actions.view')}
            </Button>
            {canWrite && (
              <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('actions.editNamed', { name: board.name })} onClick={() => void navigate(dashboardPaths.edit(board))}>
                {t('actions.edit')}
              </Button>
            )}
            {canWrite && (
              <Button
                type="link"
                size="small"
                icon={<SettingOutlined />}
                aria-label={t('actions.settingsNamed', { name: board.name })}
                onClick={() => void navigate(dashboardPaths.config(board.id, board.templateCode ?? 'blank'))}
              >
                {t('actions.settings')}
              </Button>
            )}
            <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => void handleCopy(board)} aria-label={t('actions.copyNamed', { name: board.name })}>
              {t('actions.copy')}
            </Button>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void handleExport(board)} aria-label={t('actions.exportNamed', { name: board.name })}>
              {t('actions.export')}
            </Button>
            {board.level === 'admin' && (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(board)} aria-label={t('actions.deleteNamed', { name: board.name })}>
                {t('actions.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Space>
            <Button icon={<ImportOutlined />} loading={importBoard.isPending} onClick={() => fileInput.current?.click()}>
              {t('actions.import')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('actions.new')}
            </Button>
          </Space>
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) {
            void handleImportFile(file);
          }
        }}
      />
      <ListCard<DashboardSummary>
        rowKey="id"
        columns={columns}
        rows={boards.data?.list ?? []}
        loading={boards.isFetching}
        pending={boards.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('list.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: boards.data?.total ?? 0, totalText: (count) => t('list.total', { count }) }}
        empty={{ text: t('list.empty'), searchText: t('list.emptySearch'), hint: t('list.emptyHint') }}
        scrollX={980}
      />
      <Modal open={creating} title={t('create.title')} footer={null} width={760} destroyOnHidden {...createFocusReturn} onCancel={() => setCreating(false)}>
        <CreateBoardForm
          templateCode="blank"
          saving={addBoard.isPending}
          onSubmit={(values) => {
            if (creating) {
              void handleCreate(values);
            }
          }}
          onCancel={() => setCreating(false)}
        />
      </Modal>
      <Modal
        open={report !== null}
        title={t('import.doneTitle', { name: report?.name ?? '' })}
        okText={t('import.open')}
        cancelText={t('actions.close')}
        onOk={() => report && void navigate(dashboardPaths.view(report.id))}
        onCancel={() => setReport(null)}
      >
        {report && report.unresolved.length === 0 && <Typography.Paragraph>{t('import.allResolved')}</Typography.Paragraph>}
        {report && report.unresolved.length > 0 && (
          <>
            <Typography.Paragraph type="warning">{t('import.unresolved', { count: report.unresolved.length })}</Typography.Paragraph>
            <List
              size="small"
              bordered
              data-testid="import-report"
              dataSource={report.unresolved}
              renderItem={(entry) => (
                <List.Item>
                  <span>
                    <strong>{entry.widgetTitle || entry.widgetId}</strong>: {[...entry.reference.path, entry.reference.name].join(' / ')} —{' '}
                    {entry.reason === 'itemNotFound'
                      ? t('import.itemNotFound')
                      : entry.reason === 'chartNotFound'
                        ? t('import.chartNotFound', { name: entry.chartName ?? '' })
                        : t('import.fieldsMissing', { fields: entry.missingFields.join(', ') })}
                  </span>
                </List.Item>
              )}
            />
          </>
        )}
      </Modal>
    </div>
  );
}
