import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Divider, Empty, Skeleton, Tag, Tooltip } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TableOutlined,
  FileAddOutlined,
  ExportOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cabinNodeKinds, isContainerKind, type CabinTreeNode } from '@smartdata/domain';
import { filePath, projectPath, reportTemplatePath } from '@/shared/routing/cabinNodePaths';
import { formatCount, formatDateTime } from '@/shared/utils/formatTime';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDataItemQuery } from '../api/getDataItem';
import type { NodeAbilities } from './cabinTree';
import { LevelTag } from './LevelTag';
import { NodeIcon } from './NodeIcon';
import { itemKindOf, itemSettingsPath, recordsPath } from './nodeLinks';
import { MeterNodePanel } from '@/modules/meters/components/MeterNodePanel';

export type NodeCommand = 'createDirectory' | 'createDataItem' | 'rename' | 'move' | 'copy' | 'permissions' | 'delete';

interface NodeDetailProps {
  node: CabinTreeNode;
  parent: CabinTreeNode | null;
  /** Names from the top down to the node. */
  path: string[];
  abilities: NodeAbilities;
  onCommand: (command: NodeCommand) => void;
}

/** A data item's field and record counts (read on selection; the tree holds only its kind). */
function DataItemFacts({ itemId }: { itemId: number }) {
  const { t } = useTranslation('cabin');
  const locale = useLocale();
  const item = useDataItemQuery(itemId);
  if (item.isPending) {
    return <Skeleton.Input active size="small" />;
  }
  if (!item.data) {
    return <span className="sd-muted">—</span>;
  }
  return (
    <span className="sd-cabin-detail__facts">
      {t('detail.fieldCount', { count: item.data.fields.length })}
      {' · '}
      {t('detail.recordCount', { count: item.data.recordCount ?? 0, formatted: formatCount(item.data.recordCount ?? 0, locale) })}
    </span>
  );
}

/** The right-hand panel: what the selected node is, where, the caller's level, and its actions. */
export function NodeDetail({ node, parent, path, abilities, onCommand }: NodeDetailProps) {
  const { t } = useTranslation('cabin');
  const navigate = useNavigate();
  const itemKind = itemKindOf(node);
  const childKinds = cabinNodeKinds
    .map((kind) => ({ kind, count: node.children.filter((child) => child.kind === kind).length }))
    .filter(({ count }) => count > 0);

  const action = (command: NodeCommand, icon: ReactNode, label: string, shortcut?: string, danger = false) => (
    <Tooltip title={shortcut ? t('detail.shortcut', { key: shortcut }) : undefined}>
      <Button icon={icon} danger={danger} onClick={() => onCommand(command)} aria-keyshortcuts={shortcut}>
        {label}
      </Button>
    </Tooltip>
  );

  const items = [
    { key: 'kind', label: t('detail.kind'), children: t(`kinds.${node.kind}`) },
    ...(node.kind === 'dataItem'
      ? [
          { key: 'itemKind', label: t('fields.itemKind'), children: itemKind === null ? '—' : t(`itemKinds.${itemKind}`) },
          { key: 'fields', label: t('detail.contents'), children: node.refId === null ? '—' : <DataItemFacts itemId={node.refId} /> },
        ]
      : []),
    ...(isContainerKind(node.kind)
      ? [{ key: 'children', label: t('detail.contents'), children: childKinds.length === 0 ? t('detail.emptyDirectory') : childKinds.map(({ kind, count }) => t('detail.kindCount', { kind: t(`kinds.${kind}`), count })).join(' · ') }]
      : []),
    { key: 'path', label: t('detail.path'), children: <span className="sd-cabin-detail__path">{[t('top'), ...path].join(' / ')}</span> },
    { key: 'level', label: t('detail.level'), children: <LevelTag level={node.level} /> },
    {
      key: 'mode',
      label: t('detail.mode'),
      children: node.mode === 'custom' ? <Tag color="purple">{t('modes.custom')}</Tag> : <span>{t('modes.default')}</span>,
    },
    { key: 'createdAt', label: t('detail.createdAt'), children: formatDateTime(node.createdAt) },
  ];

  const manage = abilities.rename || abilities.move || abilities.copy || abilities.permissions || abilities.delete;

  return (
    <Card
      className="sd-cabin-detail"
      title={
        <span className="sd-cabin-detail__title">
          <NodeIcon kind={node.kind} />
          <span className="sd-cabin-detail__name">{node.name}</span>
        </span>
      }
    >
      {node.kind === 'dataItem' && node.refId !== null && (
        <div className="sd-cabin-detail__primary">
          <Button type="primary" icon={<TableOutlined />} aria-keyshortcuts="Enter" onClick={() => void navigate(recordsPath(node, parent))}>
            {t('actions.openRecords')}
          </Button>
          <Button icon={<SettingOutlined />} onClick={() => void navigate(itemSettingsPath({ itemId: node.refId ?? 0, name: node.name, nodeId: node.id }))}>
            {t('actions.itemSettings')}
          </Button>
        </div>
      )}
      {(node.kind === 'file' || node.kind === 'project') && node.refId !== null && (
        <div className="sd-cabin-detail__primary">
          <Button type="primary" icon={<ExportOutlined />} aria-keyshortcuts="Enter" onClick={() => void navigate(node.kind === 'file' ? filePath(node.refId ?? 0) : projectPath(node.refId ?? 0))}>
            {t(node.kind === 'file' ? 'actions.openFile' : 'actions.openProject')}
          </Button>
        </div>
      )}
      {node.kind === 'reportTemplate' && node.refId !== null && (
        <div className="sd-cabin-detail__primary">
          <Button type="primary" icon={<ExportOutlined />} aria-keyshortcuts="Enter" onClick={() => void navigate(reportTemplatePath(node.refId ?? 0, node.name))}>
            {t('actions.openReportTemplate')}
          </Button>
        </div>
      )}
      {node.kind === 'meter' && node.refId !== null && <MeterNodePanel meterId={node.refId} nodeId={node.id} name={node.name} nodeType={Number(node.extra.nodeType)} />}
      {abilities.create && (
        <div className="sd-cabin-detail__primary">
          {action('createDirectory', <FolderAddOutlined />, t('actions.createDirectoryHere'))}
          {action('createDataItem', <FileAddOutlined />, t('actions.createDataItemHere'))}
        </div>
      )}
      <Descriptions column={1} size="small" colon={false} items={items} className="sd-cabin-detail__facts-list" />
      {manage && (
        <>
          <Divider className="sd-cabin-detail__divider" />
          <div className="sd-cabin-detail__actions" role="group" aria-label={t('detail.actions')}>
            {abilities.rename && action('rename', <EditOutlined />, t('actions.rename'), 'F2')}
            {abilities.move && action('move', <DragOutlined />, t('actions.moveTo'))}
            {abilities.copy && action('copy', <CopyOutlined />, t('actions.copyTo'))}
            {abilities.permissions && action('permissions', <SafetyCertificateOutlined />, t('actions.permissions'))}
            {abilities.delete && action('delete', <DeleteOutlined />, t('actions.delete'), 'Delete', true)}
          </div>
        </>
      )}
      {!manage && node.kind !== 'dataItem' && <p className="sd-muted sd-cabin-detail__readonly">{t('detail.readOnly')}</p>}
    </Card>
  );
}

/** The panel before anything is selected. */
export function NoSelection() {
  const { t } = useTranslation('cabin');
  return (
    <Card className="sd-cabin-detail">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.none')}>
        <p className="sd-page__empty-hint">{t('detail.noneHint')}</p>
      </Empty>
    </Card>
  );
}
