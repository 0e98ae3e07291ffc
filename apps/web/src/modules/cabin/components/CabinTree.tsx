import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Tag, Tree, type TreeDataNode } from 'antd';
import { CaretDownFilled, LockOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isContainerKind, type CabinTreeNode } from '@smartdata/domain';
import { NodeIcon } from './NodeIcon';

/** A key the tree acts on, besides the arrows, Home and End that move through it. */
export type TreeKeyAction = 'rename' | 'delete' | 'open';

interface CabinTreeProps {
  /** The (possibly filtered) tree to show. */
  nodes: CabinTreeNode[];
  /** Every node of the unfiltered tree, by id. */
  byId: ReadonlyMap<number, CabinTreeNode>;
  keyword: string;
  expandedKeys: number[];
  onExpand: (keys: number[]) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Double click, or Enter on a node that does not expand. */
  onOpen: (node: CabinTreeNode) => void;
  onKeyAction: (action: TreeKeyAction, node: CabinTreeNode) => void;
  canDrag: (node: CabinTreeNode) => boolean;
  /** Whether `nodeId` may go under `parentId` (null: the top); a refused drop shows no target. */
  canDrop: (nodeId: number, parentId: number | null) => boolean;
  onDrop: (nodeId: number, parentId: number | null) => void;
  ariaLabel: string;
}

type CabinDataNode = TreeDataNode & { key: number; node: CabinTreeNode; children?: CabinDataNode[] };

function toDataNodes(nodes: readonly CabinTreeNode[]): CabinDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    node,
    title: node.name,
    // An empty directory has nothing to open: no caret (it still takes drops).
    isLeaf: !isContainerKind(node.kind) || node.children.length === 0,
    children: isContainerKind(node.kind) ? toDataNodes(node.children) : undefined,
  }));
}

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  const needle = keyword.trim().toLowerCase();
  const at = needle === '' ? -1 : text.toLowerCase().indexOf(needle);
  if (at < 0) {
    return <>{text}</>;
  }
  return (
    <>
      {text.slice(0, at)}
      <mark className="sd-cabin-tree__match">{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

/** Where a dragged node would land: a directory's id, or the top of the tree. */
type DropTarget = number | 'top';

/** How long a dragged node hovers over a closed directory before it opens. */
const OPEN_ON_HOVER_MS = 700;

/** The directory a drop on `node` moves into: a directory itself, else the directory holding it. */
function dropParentOf(node: CabinTreeNode): number | null {
  return isContainerKind(node.kind) ? node.id : node.parentId;
}

/**
 * The cabin tree: icons per node kind, search highlight, drag and drop to move (only where the
 * move is allowed), keyboard (arrows move and select, F2 renames, Delete deletes, Enter opens).
 *
 * Dragging has file-manager meaning: a node dropped on a directory goes into it, dropped on
 * another node it goes beside it, dropped on the bar at the top it goes to the top. (antd's own
 * tree dragging sorts siblings by the pointer's horizontal offset, which the cabin has no use
 * for: nodes are listed directories first, then in the order they arrived.)
 */
export function CabinTree({
  nodes,
  byId,
  keyword,
  expandedKeys,
  onExpand,
  selectedId,
  onSelect,
  onOpen,
  onKeyAction,
  canDrag,
  canDrop,
  onDrop,
  ariaLabel,
}: CabinTreeProps) {
  const { t } = useTranslation('cabin');
  const wrapper = useRef<HTMLDivElement>(null);
  const treeData = useMemo(() => toDataNodes(nodes), [nodes]);
  const expanded = useMemo(() => new Set(expandedKeys), [expandedKeys]);
  const [dragId, setDragId] = useState<number | null>(null);
  const [over, setOver] = useState<DropTarget | null>(null);
  const openTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(openTimer.current), []);

  const endDrag = () => {
    window.clearTimeout(openTimer.current);
    setDragId(null);
    setOver(null);
  };

  const dropHandlers = (target: DropTarget, directory: CabinTreeNode | null) => ({
    onDragOver: (event: DragEvent) => {
      if (dragId === null || !canDrop(dragId, target === 'top' ? null : target)) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      if (over !== target) {
        setOver(target);
        window.clearTimeout(openTimer.current);
        if (directory && directory.children.length > 0 && !expanded.has(directory.id)) {
          openTimer.current = window.setTimeout(() => onExpand([...expandedKeys, directory.id]), OPEN_ON_HOVER_MS);
        }
      }
    },
    onDragLeave: (event: DragEvent) => {
      if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) {
        setOver((current) => (current === target ? null : current));
      }
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const moving = dragId;
      endDrag();
      if (moving !== null) {
        onDrop(moving, target === 'top' ? null : target);
      }
    },
  });

  // Keys go to the tree's list; after a click (or a dialog) focus is put back there so the
  // arrows and F2/Delete/Enter act on the selected node.
  const focusTree = () => {
    wrapper.current?.querySelector<HTMLElement>('[role="tree"]')?.focus({ preventScroll: true });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in a dialog opened from the tree (rendered in a portal) still bubble here.
    if (!(event.target instanceof HTMLElement) || !wrapper.current?.contains(event.target)) {
      return;
    }
    const node = selectedId === null ? undefined : byId.get(selectedId);
    if (!node) {
      return;
    }
    if (event.key === 'F2') {
      event.preventDefault();
      onKeyAction('rename', node);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      onKeyAction('delete', node);
    } else if (event.key === 'Enter' && node.kind !== 'directory') {
      // rc-tree opens and closes directories on Enter itself.
      event.preventDefault();
      onKeyAction('open', node);
    }
  };

  const titleRender = (data: CabinDataNode): ReactNode => {
    const { node } = data;
    const parentId = dropParentOf(node);
    const target: DropTarget = parentId ?? 'top';
    const directory = parentId === null ? null : (byId.get(parentId) ?? null);
    const draggable = canDrag(node);
    return (
      <span
        className={`sd-cabin-tree__title${over !== null && over === target && isContainerKind(node.kind) ? ' sd-cabin-tree__title--drop' : ''}${dragId === node.id ? ' sd-cabin-tree__title--dragging' : ''}`}
        data-node-id={node.id}
        draggable={draggable}
        onDragStart={(event) => {
          event.stopPropagation();
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', node.name);
          setDragId(node.id);
        }}
        onDragEnd={endDrag}
        {...dropHandlers(target, directory)}
      >
        <NodeIcon kind={node.kind} open={expanded.has(node.id)} />
        <span className="sd-cabin-tree__name">
          <Highlighted text={node.name} keyword={keyword} />
        </span>
        {node.mode === 'custom' && <LockOutlined className="sd-cabin-tree__custom" aria-label={t('modes.custom')} />}
        {/* Read only is marked where it begins, not on every node below. */}
        {node.level === 'read' && (node.parentId === null || byId.get(node.parentId)?.level !== 'read') && (
          <Tag className="sd-cabin-tree__level" variant="filled">
            {t('levels.read')}
          </Tag>
        )}
      </span>
    );
  };

  return (
    // Keys reach this wrapper from the tree's list; the wrapper only adds F2, Delete and Enter.
    <div ref={wrapper} className="sd-cabin-tree" onKeyDown={handleKeyDown}>
      <Tree<CabinDataNode>
        blockNode
        treeData={treeData}
        aria-label={ariaLabel}
        switcherIcon={<CaretDownFilled aria-hidden="true" />}
        expandedKeys={expandedKeys}
        onExpand={(keys) => onExpand(keys.map(Number))}
        selectedKeys={selectedId === null ? [] : [selectedId]}
        activeKey={selectedId}
        onActiveChange={(key) => {
          // Arrow keys move the selection, so the detail panel follows the keyboard.
          if (key !== null && key !== undefined) {
            onSelect(Number(key));
          }
        }}
        onSelect={(_keys, info) => {
          // Clicking the selected node again keeps it selected.
          onSelect(info.node.node.id);
          focusTree();
        }}
        onDoubleClick={(_event, data) => onOpen((data as CabinDataNode).node)}
        titleRender={titleRender}
      />
      {dragId !== null && canDrop(dragId, null) && (
        <div className={`sd-cabin-tree__top-drop${over === 'top' ? ' sd-cabin-tree__top-drop--over' : ''}`} {...dropHandlers('top', null)}>
          <VerticalAlignTopOutlined aria-hidden="true" /> {t('tree.dropTop')}
        </div>
      )}
    </div>
  );
}
