import { useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Tag, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { CaretDownFilled, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CabinTreeNode } from '@smartdata/domain';
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
    isLeaf: node.kind !== 'directory',
    children: node.kind === 'directory' ? toDataNodes(node.children) : undefined,
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

/**
 * The cabin tree: icons per node kind, search highlight, drag and drop to move (only where the
 * move is allowed), keyboard (arrows move and select, F2 renames, Delete deletes, Enter opens).
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

  // rc-tree takes keys through a hidden input; a click leaves focus elsewhere, so it is moved
  // there to let the arrows and F2/Delete/Enter act on the clicked node.
  const focusTree = () => {
    wrapper.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
    return (
      <span className="sd-cabin-tree__title" data-node-id={node.id}>
        <NodeIcon kind={node.kind} open={expanded.has(node.id)} />
        <span className="sd-cabin-tree__name">
          <Highlighted text={node.name} keyword={keyword} />
        </span>
        {node.mode === 'custom' && <LockOutlined className="sd-cabin-tree__custom" aria-label={t('modes.custom')} />}
        {node.level === 'read' && (
          <Tag className="sd-cabin-tree__level" variant="filled">
            {t('levels.read')}
          </Tag>
        )}
      </span>
    );
  };

  const allowDrop: TreeProps<CabinDataNode>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const parentId = dropPosition === 0 ? dropNode.node.id : dropNode.node.parentId;
    if (dropPosition === 0 && dropNode.node.kind !== 'directory') {
      return false;
    }
    return canDrop(dragNode.node.id, parentId);
  };

  return (
    // Keys reach this wrapper from the tree's own input; the wrapper only adds F2, Delete and Enter.
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
        draggable={{ icon: false, nodeDraggable: (data) => canDrag((data as CabinDataNode).node) }}
        allowDrop={allowDrop}
        onDrop={(info) => {
          const target = info.node.node;
          const parentId = info.dropToGap ? target.parentId : target.id;
          onDrop(info.dragNode.node.id, parentId);
        }}
      />
    </div>
  );
}
