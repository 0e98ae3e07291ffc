import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Empty, Input, List, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, ImportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { levelAtLeast, type DashboardSummary, type ImportDashboardResult } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
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
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const boards = useBoardListQuery({ pageNum, pageSize, keyword });
  const [creating, setCreating] = useState(false);
  const [report, setReport] = useState<ImportDashboardResult | null>(null);
  const addBoard = useAddBoardMutation();
  const copyBoard = useCopyBoardMutation();
  const deleteBoard = useDeleteBoardMutation();
  const importBoard = useImportBoardMutation();
  const fileInput = useRef<HTMLInputElement>(null);

  const total = boards.data?.total;
  useEffect(() => {
    if (total !== undefined && pageNum > 1 && (pageNum - 1) * pageSize >= total) {
      setPageNum(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [total, pageNum, pageSize]);

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

  const handleDelete = (board: DashboardSummary) => {
    void modal.confirm({
      title: t('delete.title', { name: board.name }),
      content: t('delete.content'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await deleteBoard.mutateAsync(board.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
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
            <Link to={dashboardPaths.view(board.id)}>
              <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('actions.viewNamed', { name: board.name })}>
                {t('actions.view')}
              </Button>
            </Link>
            {canWrite && (
              <Link to={dashboardPaths.edit(board)}>
                <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('actions.editNamed', { name: board.name })}>
                  {t('actions.edit')}
                </Button>
              </Link>
            )}
            {canWrite && (
              <Link to={dashboardPaths.config(board.id, board.templateCode ?? 'blank')}>
                <Button type="link" size="small" icon={<SettingOutlined />} aria-label={t('actions.settingsNamed', { name: board.name })}>
                  {t('actions.settings')}
                </Button>
              </Link>
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
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            placeholder={t('list.search')}
            aria-label={t('list.search')}
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
        <Table<DashboardSummary>
          rowKey="id"
          columns={columns}
          dataSource={boards.data?.list ?? []}
          loading={boards.isFetching}
          scroll={{ x: 980 }}
          pagination={{
            current: pageNum,
            pageSize,
            total: boards.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('list.total', { count }),
            onChange: (page, size) => {
              setPageNum(size === pageSize ? page : 1);
              setPageSize(size);
            },
          }}
          locale={{
            emptyText: boards.isPending ? ' ' : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('list.emptySearch') : t('list.empty')}>
                {!keyword && <p className="sd-page__empty-hint">{t('list.emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
      <Modal open={creating} title={t('create.title')} footer={null} width={760} destroyOnHidden onCancel={() => setCreating(false)}>
        <CreateBoardForm templateCode="blank" saving={addBoard.isPending} onSubmit={(values) => void handleCreate(values)} onCancel={() => setCreating(false)} />
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
                    {entry.reason === 'itemNotFound' ? t('import.itemNotFound') : t('import.fieldsMissing', { fields: entry.missingFields.join(', ') })}
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
