import { useRef, useState } from 'react';
import { App, Button, List, Modal, Space, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, DownloadOutlined, EyeOutlined, ImportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { levelAtLeast, type DashboardSummary, type ImportDashboardResult } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDialogFocusReturn } from '@/shared/hooks/useDialogFocusReturn';
import { usePagedList } from '@/shared/hooks/usePagedList';
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
    stateTagColumn<DashboardSummary, string>(t('fields.boardType'), 'boardType', { label: (type) => t(`boardType.${type}`), color: (type) => (type === 'bigScreen' ? 'purple' : 'blue') }, { width: 110 }),
    { title: t('columns.widgets'), dataIndex: 'widgetCount', key: 'widgetCount', width: 90, align: 'right' },
    { title: t('columns.level'), dataIndex: 'level', key: 'level', width: 110, render: (level: string) => t(`level.${level}`) },
    timeColumn(t('columns.updatedAt'), 'updatedAt'),
    actionsColumn(
      t('columns.actions'),
      (board) => {
        const canWrite = levelAtLeast(board.level, 'readWrite');
        return [
          { key: 'view', label: t('actions.view'), icon: <EyeOutlined />, ariaLabel: t('actions.viewNamed', { name: board.name }), onClick: () => void navigate(dashboardPaths.view(board.id)) },
          canWrite && { kind: 'edit', name: board.name, onClick: () => void navigate(dashboardPaths.edit(board)) },
          canWrite && {
            key: 'settings',
            label: t('actions.settings'),
            icon: <SettingOutlined />,
            ariaLabel: t('actions.settingsNamed', { name: board.name }),
            onClick: () => void navigate(dashboardPaths.config(board.id, board.templateCode ?? 'blank')),
          },
          { key: 'copy', label: t('actions.copy'), icon: <CopyOutlined />, onClick: () => void handleCopy(board), ariaLabel: t('actions.copyNamed', { name: board.name }) },
          { key: 'export', label: t('actions.export'), icon: <DownloadOutlined />, onClick: () => void handleExport(board), ariaLabel: t('actions.exportNamed', { name: board.name }) },
          board.level === 'admin' && {
            kind: 'delete',
            name: board.name,
            confirm: { title: t('delete.title', { name: board.name }), content: t('delete.content'), onDelete: () => deleteBoard.mutateAsync(board.id) },
          },
        ];
      },
      { width: 330, wrap: true },
    ),
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
      <ListCard<DashboardSummary> columns={columns} query={boards} paged={paged} scrollX={980}
        texts={{ search: t('list.search'), total: (count) => t('list.total', { count }), empty: t('list.empty'), noMatch: t('list.emptySearch'), hint: t('list.emptyHint') }}
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
