import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Empty, Input, Result, Skeleton, Space, Tooltip } from 'antd';
import { AppstoreOutlined, FileAddOutlined, FileTextOutlined, FolderAddOutlined, NodeCollapseOutlined, NodeExpandOutlined, ProjectOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isContainerKind, levelAtLeast, type CabinTreeNode } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useAddDataItemMutation, type DataItemValues } from '../api/addDataItem';
import { useAddDirectoryMutation } from '../api/addDirectory';
import { useCopyNodeMutation } from '../api/copyNode';
import { useDeleteNodeMutation } from '../api/deleteNode';
import { useTreeQuery } from '../api/getTree';
import { cabinKeys } from '../api/keys';
import { useMoveNodeMutation } from '../api/moveNode';
import { useRenameNodeMutation } from '../api/renameNode';
import { CabinTree, type TreeKeyAction } from '../components/CabinTree';
import { descendantCount, directoryIds, directoryOptions, filterTree, findNode, indexTree, moveProblem, nodeAbilities, ROOT_LEVEL, TOP_VALUE } from '../components/cabinTree';
import { DataItemFormModal } from '../components/DataItemFormModal';
import { DestinationModal } from '../components/DestinationModal';
import { NameFormModal } from '../components/NameFormModal';
import { NodeDetail, NoSelection, type NodeCommand } from '../components/NodeDetail';
import { itemSettingsPath, recordsPath } from '../components/nodeLinks';
import { PermissionModal } from '../components/PermissionModal';
import { filePath, meterPath, projectPath, reportTemplatePath } from '@/shared/routing/cabinNodePaths';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { UploadFileButton } from '@/modules/files/components/UploadFileButton';
import { addProject } from '@/modules/projects/api/projects';
import { ProjectFormModal, type ProjectFormValues } from '@/modules/projects/components/ProjectFormModal';
import { useAddMeterMutation } from '@/modules/meters/api/addMeter';
import { MeterFormModal } from '@/modules/meters/components/MeterFormModal';
import { addTemplate } from '@/modules/reports/api/reports';
import { NewTemplateModal } from '@/modules/reports/components/NewTemplateModal';
import '../cabin.css';

type Dialog =
  | { type: 'createDirectory'; parentId: number | null }
  | { type: 'createDataItem'; directoryId: number | null }
  | { type: 'createProject'; parentId: number | null }
  | { type: 'createMeter'; directoryId: number | null }
  | { type: 'createReportTemplate'; directoryId: number }
  | { type: 'rename' | 'move' | 'copy' | 'permissions'; node: CabinTreeNode };

/** Which nodes are open, kept per company for the browser session. */
function expandedStorageKey(companyId: unknown): string {
  return `smartdata-cabin-expanded:${String(companyId ?? '')}`;
}

function readExpanded(key: string): number[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * /smartdata/datacapsule: the company's data cabin as the caller may see it, a detail panel for
 * the selected node, and everything done to nodes (create, rename, move, copy, delete,
 * permissions). Actions the caller's level does not allow are not offered; the server checks
 * every call again.
 */
export function CabinPage() {
  const { t } = useTranslation(['cabin', 'texts']);
  const { message, modal } = App.useApp();
  const confirm = useConfirmAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const codes = useMenuCodes();
  const companyId = useSessionStore((state) => state.company?.companyId);
  const tree = useTreeQuery();
  const roots = useMemo(() => tree.data ?? [], [tree.data]);
  const index = useMemo(() => indexTree(roots), [roots]);
  const byId = useMemo(() => new Map([...index].map(([id, entry]) => [id, entry.node])), [index]);

  const storageKey = expandedStorageKey(companyId);
  const [expanded, setExpanded] = useState<number[]>(() => readExpanded(storageKey));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, 200);
  const filtered = useMemo(() => filterTree(roots, keyword), [roots, keyword]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [pendingItem, setPendingItem] = useState<number | null>(null);

  const addDirectory = useAddDirectoryMutation();
  const addDataItem = useAddDataItemMutation();
  const renameNode = useRenameNodeMutation();
  const moveNode = useMoveNodeMutation();
  const copyNode = useCopyNodeMutation();
  const deleteNode = useDeleteNodeMutation();
  const addMeter = useAddMeterMutation();

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(expanded));
  }, [storageKey, expanded]);

  // Searching opens the directories that hold a match.
  useEffect(() => {
    if (filtered.expand.length > 0) {
      setExpanded((current) => [...new Set([...current, ...filtered.expand])]);
    }
  }, [filtered.expand]);

  // A node that went away (deleted, or no longer visible) is no longer selected.
  useEffect(() => {
    if (selectedId !== null && tree.data && !byId.has(selectedId)) {
      setSelectedId(null);
    }
  }, [selectedId, byId, tree.data]);

  // A new data item is selected once the tree shows it.
  useEffect(() => {
    if (pendingItem === null) {
      return;
    }
    const node = findNode(roots, (candidate) => candidate.kind === 'dataItem' && candidate.refId === pendingItem);
    if (node) {
      setSelectedId(node.id);
      setPendingItem(null);
    }
  }, [pendingItem, roots]);

  const selected = selectedId === null ? null : (byId.get(selectedId) ?? null);
  const selectedEntry = selectedId === null ? undefined : index.get(selectedId);
  const parentOf = (node: CabinTreeNode) => (node.parentId === null ? null : (byId.get(node.parentId) ?? null));
  /** The directory (or project) new things go into: the selected one, or the selected node's. */
  const targetDirectory = selected ? (isContainerKind(selected.kind) ? selected : parentOf(selected)) : null;
  const [savingProject, setSavingProject] = useState(false);
  const canCreateAtTop = levelAtLeast(ROOT_LEVEL, 'readWrite');
  const canCreateHere = targetDirectory ? nodeAbilities(targetDirectory).create : canCreateAtTop;
  const placeOf = (directoryId: number | null) => [t('top'), ...(directoryId === null ? [] : (index.get(directoryId)?.path ?? []))].join(' / ');

  const reveal = (parentId: number | null, nodeId: number) => {
    if (parentId !== null) {
      setExpanded((current) => (current.includes(parentId) ? current : [...current, parentId]));
    }
    setSelectedId(nodeId);
  };

  const openNode = (node: CabinTreeNode) => {
    if (node.kind === 'dataItem' && node.refId !== null) {
      void navigate(recordsPath(node, parentOf(node)));
    } else if (node.kind === 'file' && node.refId !== null) {
      void navigate(filePath(node.refId));
    } else if (node.kind === 'project' && node.refId !== null) {
      void navigate(projectPath(node.refId));
    } else if (node.kind === 'reportTemplate' && node.refId !== null) {
      void navigate(reportTemplatePath(node.refId, node.name));
    } else if (node.kind === 'meter' && node.refId !== null) {
      void navigate(meterPath({ id: node.refId, name: node.name, nodeType: Number(node.extra.nodeType) }));
    } else if (node.kind === 'directory') {
      setExpanded((current) => (current.includes(node.id) ? current.filter((id) => id !== node.id) : [...current, node.id]));
    }
  };

  const confirmDelete = (node: CabinTreeNode) => {
    const below = descendantCount(node);
    const content =
      node.kind === 'directory'
        ? below > 0
          ? t('delete.nonEmpty', { count: below })
          : t('delete.emptyDirectory')
        : node.kind === 'dataItem'
          ? t('delete.dataItem')
          : t('delete.node');
    confirm({
      title: t(below > 0 ? 'delete.titleNonEmpty' : 'delete.title', { name: node.name }),
      content,
      okText: t(below > 0 ? 'delete.confirmSubtree' : 'actions.delete'),
      focus: 'cancel',
      run: () => deleteNode.mutateAsync(node.id),
      done: t('texts:deleteSuccess'),
      after: () => setSelectedId(node.parentId),
    });
  };

  const handleCommand = (node: CabinTreeNode, command: NodeCommand) => {
    switch (command) {
      case 'createDirectory':
        setDialog({ type: 'createDirectory', parentId: node.id });
        break;
      case 'createDataItem':
        setDialog({ type: 'createDataItem', directoryId: node.id });
        break;
      case 'delete':
        confirmDelete(node);
        break;
      case 'rename':
      case 'move':
      case 'copy':
      case 'permissions':
        setDialog({ type: command, node });
        break;
    }
  };

  const handleKeyAction = (action: TreeKeyAction, node: CabinTreeNode) => {
    const abilities = nodeAbilities(node);
    if (action === 'rename' && abilities.rename) {
      setDialog({ type: 'rename', node });
    } else if (action === 'delete' && abilities.delete) {
      confirmDelete(node);
    } else if (action === 'open') {
      openNode(node);
    }
  };

  const move = async (nodeId: number, parentId: number | null) => {
    const problem = moveProblem(index, nodeId, parentId);
    if (problem === 'sameParent') {
      return true;
    }
    if (problem) {
      void message.warning(t(`moveProblems.${problem}`));
      return false;
    }
    try {
      await moveNode.mutateAsync({ id: nodeId, parentId });
      void message.success(t('texts:operationSuccess'));
      reveal(parentId, nodeId);
      return true;
    } catch {
      return false;
    }
  };

  const handleCreateDirectory = async (name: string, parentId: number | null) => {
    try {
      const { id } = await addDirectory.mutateAsync({ parentId, name });
      setDialog(null);
      void message.success(t('texts:operationSuccess'));
      reveal(parentId, id);
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleCreateDataItem = async (values: DataItemValues) => {
    try {
      const { id } = await addDataItem.mutateAsync(values);
      setDialog(null);
      setExpanded((current) => (current.includes(values.directoryId) ? current : [...current, values.directoryId]));
      setPendingItem(id);
      // The new item's settings (forms, jumps, forwards, permissions) are on its own page.
      void modal.confirm({
        title: t('dataItem.created', { name: values.name }),
        content: t('dataItem.openSettings'),
        okText: t('dataItem.openSettingsOk'),
        cancelText: t('dataItem.stay'),
        onOk: () => {
          const latest = queryClient.getQueryData<CabinTreeNode[]>(cabinKeys.tree()) ?? [];
          const created = findNode(latest, (node) => node.kind === 'dataItem' && node.refId === id);
          void navigate(itemSettingsPath({ itemId: id, name: values.name, nodeId: created?.id ?? null }));
        },
      });
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleCreateProject = async (values: ProjectFormValues, parentId: number | null) => {
    setSavingProject(true);
    try {
      const { nodeId } = await addProject({ parentId, ...values });
      await queryClient.invalidateQueries({ queryKey: cabinKeys.tree() });
      setDialog(null);
      void message.success(t('texts:operationSuccess'));
      reveal(parentId, nodeId);
    } catch {
      // Shown by the API client; the dialog stays open.
    } finally {
      setSavingProject(false);
    }
  };

  const handleCreateReportTemplate = async (name: string, directoryId: number) => {
    setSavingProject(true);
    try {
      const { id } = await addTemplate({ directoryId, name, cells: [] });
      await queryClient.invalidateQueries({ queryKey: cabinKeys.tree() });
      setDialog(null);
      void message.success(t('texts:operationSuccess'));
      void navigate(reportTemplatePath(id, name));
    } catch {
      // Shown by the API client; the dialog stays open.
    } finally {
      setSavingProject(false);
    }
  };

  const handleCreateMeter = async (request: Parameters<typeof addMeter.mutateAsync>[0]) => {
    try {
      const { nodeId } = await addMeter.mutateAsync(request);
      await queryClient.invalidateQueries({ queryKey: cabinKeys.tree() });
      setDialog(null);
      void message.success(t('texts:operationSuccess'));
      reveal(typeof request.directoryId === 'number' ? request.directoryId : null, nodeId);
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleRename = async (node: CabinTreeNode, name: string) => {
    try {
      await renameNode.mutateAsync({ id: node.id, name });
      setDialog(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleCopy = async (node: CabinTreeNode, parentId: number | null) => {
    try {
      const { id } = await copyNode.mutateAsync({ id: node.id, parentId });
      setDialog(null);
      void message.success(t('texts:copySuccess'));
      reveal(parentId, id);
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const searching = keyword.trim() !== '';
  const isEmpty = tree.isSuccess && roots.length === 0;

  let treeBody;
  if (tree.isPending) {
    treeBody = <Skeleton active title={false} paragraph={{ rows: 8, width: ['60%', '48%', '72%', '40%', '66%', '52%', '70%', '45%'] }} className="sd-cabin-skeleton" />;
  } else if (tree.isError) {
    treeBody = (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={tree.error.message}
        extra={
          <Button type="primary" onClick={() => void tree.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  } else if (isEmpty) {
    treeBody = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.title')} className="sd-cabin-empty">
        <p className="sd-page__empty-hint">{t('empty.hint')}</p>
        {canCreateAtTop && (
          <Button type="primary" icon={<FolderAddOutlined />} onClick={() => setDialog({ type: 'createDirectory', parentId: null })}>
            {t('actions.createDirectory')}
          </Button>
        )}
      </Empty>
    );
  } else if (searching && filtered.nodes.length === 0) {
    treeBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.search', { keyword: keyword.trim() })} />;
  } else {
    treeBody = (
      <CabinTree
        nodes={filtered.nodes}
        byId={byId}
        keyword={keyword}
        expandedKeys={expanded}
        onExpand={setExpanded}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onOpen={openNode}
        onKeyAction={handleKeyAction}
        canDrag={(node) => nodeAbilities(node).move}
        canDrop={(nodeId, parentId) => moveProblem(index, nodeId, parentId) === null}
        onDrop={(nodeId, parentId) => void move(nodeId, parentId)}
        ariaLabel={t('tree.label')}
      />
    );
  }

  return (
    <div className="sd-page sd-cabin">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {codes.has('sd_item_group') && (
              <Button icon={<AppstoreOutlined />} onClick={() => void navigate('/smartdata/itemgroup')}>
                {t('actions.itemGroups')}
              </Button>
            )}
            {canCreateHere && (
              <>
                <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ type: 'createDirectory', parentId: targetDirectory?.id ?? null })}>
                  {t('actions.createDirectory')}
                </Button>
                <Button icon={<ProjectOutlined />} onClick={() => setDialog({ type: 'createProject', parentId: targetDirectory?.id ?? null })}>
                  {t('actions.createProject')}
                </Button>
                <Button icon={<ThunderboltOutlined />} onClick={() => setDialog({ type: 'createMeter', directoryId: targetDirectory?.id ?? null })}>
                  {t('actions.createMeter')}
                </Button>
                <Button
                  icon={<FileTextOutlined />}
                  disabled={!targetDirectory}
                  title={targetDirectory ? undefined : t('dataItem.needsDirectory')}
                  onClick={() => targetDirectory && setDialog({ type: 'createReportTemplate', directoryId: targetDirectory.id })}
                >
                  {t('actions.createReportTemplate')}
                </Button>
                <UploadFileButton parentId={targetDirectory?.id ?? null} refreshKey={cabinKeys.tree()} onUploaded={({ nodeId }) => reveal(targetDirectory?.id ?? null, nodeId)} />
                <Button
                  type="primary"
                  icon={<FileAddOutlined />}
                  onClick={() => setDialog({ type: 'createDataItem', directoryId: targetDirectory?.id ?? null })}
                  disabled={isEmpty}
                  title={isEmpty ? t('dataItem.needsDirectory') : undefined}
                >
                  {t('actions.createDataItem')}
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="sd-cabin__body">
        <Card className="sd-cabin__tree-card">
          <div className="sd-cabin__toolbar">
            <Input.Search
              allowClear
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('search')}
              aria-label={t('search')}
              className="sd-cabin__search"
            />
            <Space.Compact>
              <Tooltip title={t('tree.expandAll')}>
                <Button icon={<NodeExpandOutlined />} aria-label={t('tree.expandAll')} onClick={() => setExpanded(directoryIds(roots))} disabled={roots.length === 0} />
              </Tooltip>
              <Tooltip title={t('tree.collapseAll')}>
                <Button icon={<NodeCollapseOutlined />} aria-label={t('tree.collapseAll')} onClick={() => setExpanded([])} disabled={expanded.length === 0} />
              </Tooltip>
              <Tooltip title={t('tree.reload')}>
                <Button icon={<ReloadOutlined spin={tree.isFetching && !tree.isPending} />} aria-label={t('tree.reload')} onClick={() => void tree.refetch()} />
              </Tooltip>
            </Space.Compact>
          </div>
          <div className="sd-cabin__tree">{treeBody}</div>
          {!isEmpty && !tree.isPending && <p className="sd-muted sd-cabin__keys">{t('tree.keys')}</p>}
        </Card>
        <div className="sd-cabin__detail">
          {tree.isPending ? (
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          ) : selected && selectedEntry ? (
            <NodeDetail
              node={selected}
              parent={parentOf(selected)}
              path={selectedEntry.path}
              abilities={nodeAbilities(selected)}
              onCommand={(command) => handleCommand(selected, command)}
            />
          ) : (
            <NoSelection />
          )}
        </div>
      </div>

      {dialog?.type === 'createDirectory' && (
        <NameFormModal
          title={t('directory.createTitle')}
          kind="directory"
          parentChoice={{ tree: roots, parentId: dialog.parentId }}
          saving={addDirectory.isPending}
          onSubmit={(name, parentId) => void handleCreateDirectory(name, parentId)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'createDataItem' && (
        <DataItemFormModal
          tree={roots}
          directoryId={dialog.directoryId}
          saving={addDataItem.isPending}
          onSubmit={(values) => void handleCreateDataItem(values)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'createProject' && (
        <ProjectFormModal saving={savingProject} onSubmit={(values) => void handleCreateProject(values, dialog.parentId)} onCancel={() => setDialog(null)} />
      )}
      {dialog?.type === 'createReportTemplate' && (
        <NewTemplateModal place={placeOf(dialog.directoryId)} saving={savingProject} onSubmit={(name) => void handleCreateReportTemplate(name, dialog.directoryId)} onCancel={() => setDialog(null)} />
      )}
      {dialog?.type === 'createMeter' && (
        <MeterFormModal
          places={[{ value: TOP_VALUE, title: t('top'), disabled: !canCreateAtTop, children: directoryOptions(roots, (d) => levelAtLeast(d.level, 'readWrite')) }]}
          topValue={TOP_VALUE}
          directoryId={dialog.directoryId} saving={addMeter.isPending} onSubmit={(request) => void handleCreateMeter(request)} onCancel={() => setDialog(null)} />
      )}
      {dialog?.type === 'rename' && (
        <NameFormModal
          title={t('rename.title', { name: dialog.node.name })}
          kind={dialog.node.kind}
          place={placeOf(dialog.node.parentId)}
          initialName={dialog.node.name}
          saving={renameNode.isPending}
          onSubmit={(name) => void handleRename(dialog.node, name)}
          onCancel={() => setDialog(null)}
        />
      )}
      {(dialog?.type === 'move' || dialog?.type === 'copy') && (
        <DestinationModal
          mode={dialog.type}
          node={dialog.node}
          tree={roots}
          index={index}
          saving={moveNode.isPending || copyNode.isPending}
          onSubmit={(parentId) => {
            if (dialog.type === 'copy') {
              void handleCopy(dialog.node, parentId);
            } else {
              void move(dialog.node.id, parentId).then((done) => done && setDialog(null));
            }
          }}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'permissions' && <PermissionModal node={dialog.node} onClose={() => setDialog(null)} />}
    </div>
  );
}
