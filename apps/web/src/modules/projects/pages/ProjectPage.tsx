import { useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Empty, Result, Skeleton, Table, Tag } from 'antd';
import { DashboardOutlined, EditOutlined, FileOutlined, FolderOutlined, HddOutlined, ProjectOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { levelAtLeast, type ProjectNode, type ProjectStatus } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { formatDateTime } from '@/shared/utils/formatTime';
import { filePath, projectPath } from '@/shared/routing/cabinNodePaths';
import { recordsPath } from '@/shared/routing/dataItemPaths';
import { deviceDetailPath } from '@/shared/routing/devicePaths';
import { useProjectQuery, useUpdateProjectMutation } from '../api/projects';
import { ProjectFormModal, type ProjectFormValues } from '../components/ProjectFormModal';
import '../projects.css';

const CABIN_PATH = '/smartdata/datacapsule';
const statusColors: Record<ProjectStatus, string> = { planned: 'default', active: 'green', finished: 'blue' };
/** The cabin's icon of each kind a project holds (decorative: the kind is named in its column). */
const kindIcons: Record<string, ReactNode> = {
  directory: <FolderOutlined />,
  dataItem: <TableOutlined />,
  dashboard: <DashboardOutlined />,
  device: <HddOutlined />,
  file: <FileOutlined />,
  project: <ProjectOutlined />,
};

/** Where a node under the project opens, or null (directories open in the cabin). */
function nodeLink(node: ProjectNode): string | null {
  if (node.refId === null) {
    return null;
  }
  switch (node.kind) {
    case 'dataItem':
      return recordsPath({ id: node.refId, name: node.name, nodeId: node.nodeId, directoryId: null, directoryName: null });
    case 'file':
      return filePath(node.refId);
    case 'project':
      return projectPath(node.refId);
    case 'device':
      return deviceDetailPath(node.refId);
    case 'dashboard':
      return `/smartdata/currentshowdashboard/${node.refId}`;
    default:
      return null;
  }
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  return Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * /smartdata/project/{projectId}: a project — status, dates, members, description — and what lies
 * under its node in the cabin (as far as the caller may read), each data item with its latest value.
 */
export function ProjectPage() {
  const projectId = Number(useParams().projectId);
  const { t } = useTranslation(['projects', 'cabin', 'texts']);
  const { message } = App.useApp();
  const isPhone = useIsPhone();
  const project = useProjectQuery(projectId);
  const update = useUpdateProjectMutation(projectId);
  const [editing, setEditing] = useState(false);

  if (!Number.isSafeInteger(projectId) || projectId <= 0 || project.isError) {
    return (
      <div className="sd-page">
        <Result status="warning" title={t('page.notFound')} extra={<Link to={CABIN_PATH}>{t('page.backToCabin')}</Link>} />
      </div>
    );
  }
  if (project.isPending) {
    return (
      <div className="sd-page">
        <Skeleton active />
      </div>
    );
  }
  const p = project.data;
  const canWrite = levelAtLeast(p.level, 'readWrite');

  const handleSave = async (values: ProjectFormValues) => {
    try {
      await update.mutateAsync({ id: p.id, description: values.description, status: values.status, startDate: values.startDate, endDate: values.endDate, memberIds: values.memberIds });
      setEditing(false);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const columns = [
    {
      key: 'name',
      title: t('nodes.name'),
      render: (_: unknown, node: ProjectNode) => {
        const link = nodeLink(node);
        const label = (
          <span className="sd-project-node">
            <span className="sd-project-node__icon" aria-hidden="true">
              {kindIcons[node.kind] ?? <FileOutlined />}
            </span>
            <span className="sd-project-node__name">{node.name}</span>
          </span>
        );
        return (
          <div>
            {link ? <Link to={link}>{label}</Link> : label}
            {node.path.length > 0 && <div className="sd-muted sd-project-node__path">{node.path.join(' / ')}</div>}
          </div>
        );
      },
    },
    { key: 'kind', title: t('nodes.kind'), width: 110, render: (_: unknown, node: ProjectNode) => t(`cabin:kinds.${node.kind}`) },
    {
      key: 'latest',
      title: t('nodes.latest'),
      render: (_: unknown, node: ProjectNode) => {
        if (node.kind !== 'dataItem') {
          return <span className="sd-muted">—</span>;
        }
        if (!node.latest) {
          return <span className="sd-muted">{t('nodes.noRecords')}</span>;
        }
        return (
          <div className="sd-project-latest">
            <div className="sd-project-latest__values">
              {node.latest.values.map((v) => (
                <span key={v.fieldName} className="sd-project-latest__value">
                  <span className="sd-muted">{v.name}</span> {formatValue(v.value)}
                  {v.unit && v.value !== null ? ` ${v.unit}` : ''}
                </span>
              ))}
            </div>
            <div className="sd-muted sd-project-latest__at">{formatDateTime(node.latest.at)}</div>
          </div>
        );
      },
    },
  ];

  const dates = p.startDate || p.endDate ? `${p.startDate ?? '…'} ~ ${p.endDate ?? '…'}` : t('page.noDates');

  return (
    <div className="sd-page sd-project">
      <PageHeader
        title={p.name}
        description={<Tag color={statusColors[p.status]}>{t(`statuses.${p.status}`)}</Tag>}
        actions={
          <>
            <Link to={CABIN_PATH}>
              <Button>{t('page.backToCabin')}</Button>
            </Link>
            {canWrite && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('page.edit')}
              </Button>
            )}
          </>
        }
      />
      <Card className="sd-project__facts">
        <Descriptions
          column={isPhone ? 1 : 3}
          size="small"
          items={[
            { key: 'status', label: t('fields.status'), children: t(`statuses.${p.status}`) },
            { key: 'dates', label: t('fields.dates'), children: dates },
            { key: 'members', label: t('fields.members'), children: p.members.length === 0 ? t('page.noMembers') : p.members.map((m) => m.name).join('、') },
            { key: 'description', label: t('fields.description'), span: isPhone ? 1 : 3, children: p.description || <span className="sd-muted">{t('page.noDescription')}</span> },
          ]}
        />
      </Card>
      <Card className="sd-project__nodes" title={t('nodes.title', { count: p.nodes.length })}>
        {p.nodes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nodes.empty')} />
        ) : (
          <Table<ProjectNode> rowKey="nodeId" size="small" pagination={false} dataSource={p.nodes} columns={isPhone ? columns.filter((c) => c.key !== 'kind') : columns} />
        )}
      </Card>
      {editing && (
        <ProjectFormModal
          initial={{ name: p.name, description: p.description, status: p.status, startDate: p.startDate, endDate: p.endDate, members: p.members }}
          saving={update.isPending}
          onSubmit={(values) => void handleSave(values)}
          onCancel={() => setEditing(false)}
        />
      )}
    </div>
  );
}
