import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, App, Button, Dropdown, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ApartmentOutlined, CheckCircleOutlined, DownloadOutlined, FileAddOutlined, RedoOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkFlow, flowMessage, flowNodeMax, type FlowDocument, type FlowNode, type FlowProblem } from '@smartdata/domain';
import { saveBlob } from '@/shared/api/download';
import { useLocale } from '@/shared/i18n/useLocale';
import { FlowNodeCard, kindIcons, type FlowCanvasNode } from './FlowNodeCard';
import { LinksSettings, SerialSettingsForm, StartModeSettings, type LinkDefaults } from './FlowSettings';
import { NodeProperties } from './NodeProperties';
import { addNode, autoLayoutFlow, connect, defaultNames, deleteSelection, edgeKey, freeCell, layoutFlow, paletteKinds, parseFlowJson, problemsOf, updateNode } from './flowModel';
import { FlowProblemList, useProblemText } from './FlowProblemList';
import { useFlowHistory } from './useFlowHistory';
import './flowEditor.css';

const nodeTypes = { flow: FlowNodeCard };
/** The example documents shipped in examples/flows (read as text, checked like an import). */
const examples = import.meta.glob<string>('../../../../../../examples/flows/*.json', { query: '?raw', import: 'default' });
export const firmwareVersions = ['1.3.0', '1.3.1', '1.3.2', '1.3.3', '1.3.4'];

export interface FlowEditorProps {
  initial: FlowDocument;
  firmwareVersion: string;
  /** Offered as a choice when the editor is not tied to a device's firmware. */
  onFirmwareChange?: (version: string) => void;
  onChange?: (doc: FlowDocument) => void;
  uploadCertificate?: (file: File) => Promise<{ id: number }>;
  /** What a new MQTT link starts with (the platform's broker and the device's own user name). */
  linkDefaults?: LinkDefaults;
  /** Buttons of the page (save, push) shown at the end of the toolbar. */
  actions?: ReactNode;
}

/** The gateway flow editor: palette, canvas, property panel, settings, checks (issue 6). */
export function FlowEditor(props: FlowEditorProps) {
  return (
    <ReactFlowProvider>
      <FlowEditorInner {...props} />
    </ReactFlowProvider>
  );
}

function FlowEditorInner({ initial, firmwareVersion, onFirmwareChange, onChange, uploadCertificate, linkDefaults, actions }: FlowEditorProps) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const { message } = App.useApp();
  const problemText = useProblemText();
  const history = useFlowHistory(initial);
  const { doc } = history;
  const reactFlow = useReactFlow();
  const [canvasNodes, setCanvasNodes] = useState<FlowCanvasNode[]>([]);
  const [selectedEdges, setSelectedEdges] = useState<string[]>([]);
  const [panel, setPanel] = useState('node');
  const [shownCheck, setShownCheck] = useState<FlowProblem[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const positions = useRef<Record<string, { x: number; y: number }>>(layoutFlow(initial));

  const check = useMemo(() => checkFlow(doc, firmwareVersion), [doc, firmwareVersion]);
  // Nodes Start never reaches: one line naming them all, not one warning each while drawing.
  const unreachable = check.warnings.filter((w) => w.key === 'flow.warn.unreachable').map((w) => String(w.params?.name ?? w.nodeId));
  const selectedNodeIds = canvasNodes.filter((n) => n.selected).map((n) => n.id);
  const selectedNode = selectedNodeIds.length === 1 ? doc.nodes.find((n) => n.id === selectedNodeIds[0]) : undefined;

  useEffect(() => {
    onChange?.(doc);
  }, [doc, onChange]);

  // Canvas nodes follow the document; positions, sizes and selection stay with the canvas.
  useEffect(() => {
    setCanvasNodes((previous) => {
      const byId = new Map(previous.map((n) => [n.id, n]));
      const placed = previous.map((p) => p.position);
      return doc.nodes.map((node) => {
        const old = byId.get(node.id);
        const position = old?.position ?? positions.current[node.id] ?? freeCell(placed);
        positions.current[node.id] = position;
        placed.push(position);
        const problems = problemsOf(check.errors, node.id).map((p) => flowMessage(p, locale));
        return { ...(old ?? {}), id: node.id, type: 'flow', position, data: { node, problems }, deletable: false };
      });
    });
  }, [doc, check, locale]);

  const edges: Edge[] = useMemo(
    () => [
      ...doc.edges.map((e) => ({
        id: edgeKey(e),
        source: e.from,
        target: e.to,
        selected: selectedEdges.includes(edgeKey(e)),
        deletable: false,
        markerEnd: { type: MarkerType.ArrowClosed },
        className: doc.nodes.some((n) => n.kind === 'mqttSubscribe' && (n.id === e.from || n.id === e.to)) ? 'sd-flow-edge--fixed' : undefined,
      })),
      ...doc.nodes.flatMap((n) =>
        n.kind === 'serialRx' && n.timeout?.next
          ? [{ id: `timeout:${n.id}`, source: n.id, target: n.timeout.next, selectable: false, deletable: false, label: t('canvas.timeoutEdge'), className: 'sd-flow-edge--timeout', animated: true }]
          : [],
      ),
    ],
    [doc, selectedEdges, t],
  );

  const refuse = useCallback((problem: FlowProblem) => void message.error(problemText(problem)), [message, problemText]);

  const select = (nodeId: string | null) => setCanvasNodes((nodes) => nodes.map((n) => ({ ...n, selected: n.id === nodeId })));

  const create = (kind: (typeof paletteKinds)[number], position?: { x: number; y: number }) => {
    const result = addNode(doc, kind, defaultNames[kind][locale]);
    if (!result.ok) {
      refuse(result.problem);
      return;
    }
    if (position) {
      positions.current[result.nodeId!] = position;
    }
    history.set(result.doc);
    setPanel('node');
    // Selected once the canvas has it; a node placed by the editor is brought into view.
    setTimeout(() => {
      select(result.nodeId!);
      if (!position) {
        void reactFlow.fitView({ padding: 0.2, maxZoom: 1, duration: 200 });
      }
    }, 30);
  };

  const onConnect = (connection: Connection) => {
    const result = connect(doc, connection.source, connection.target);
    if (!result.ok) {
      refuse(result.problem);
      return;
    }
    history.set(result.doc);
  };

  const remove = (nodeIds: string[], edgeKeys: string[]) => {
    if (nodeIds.length === 0 && edgeKeys.length === 0) {
      return;
    }
    const result = deleteSelection(doc, nodeIds, edgeKeys);
    if (!result.ok) {
      refuse(result.problem);
      return;
    }
    setSelectedEdges([]);
    history.set(result.doc);
    // The deleted node had the focus: keep it in the editor, so Ctrl+Z still reaches it.
    requestAnimationFrame(() => canvasRef.current?.focus());
  };

  const onNodesChange = (changes: NodeChange<FlowCanvasNode>[]) => {
    setCanvasNodes((nodes) => {
      const next = applyNodeChanges(changes, nodes);
      next.forEach((n) => (positions.current[n.id] = n.position));
      return next;
    });
  };

  const onEdgesChange = (changes: EdgeChange[]) => {
    setSelectedEdges((current) => {
      let next = current;
      for (const change of changes) {
        if (change.type === 'select') {
          next = change.selected ? [...next.filter((id) => id !== change.id), change.id] : next.filter((id) => id !== change.id);
        }
      }
      return next;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"], .ant-select')) {
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(selectedNodeIds, selectedEdges);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) {
        history.redo();
      } else {
        history.undo();
      }
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      history.redo();
    }
  };

  const load = (text: string) => {
    const result = parseFlowJson(text);
    if (!result.ok) {
      refuse(result.problem);
      return;
    }
    positions.current = layoutFlow(result.doc);
    setCanvasNodes([]);
    history.set(result.doc);
    setShownCheck(null);
    setTimeout(() => void reactFlow.fitView({ padding: 0.2 }), 50);
    void message.success(t('toolbar.loaded'));
  };

  const exportJson = () => saveBlob(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }), 'flow.json');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData('application/x-sd-flow-kind') as (typeof paletteKinds)[number];
    if (!paletteKinds.includes(kind)) {
      return;
    }
    event.preventDefault();
    create(kind, reactFlow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const userNodes = doc.nodes.filter((n) => n.kind !== 'start').length;

  /** Left to right along the connections (positions only: the document, and undo, are untouched). */
  const handleAutoLayout = () => {
    positions.current = autoLayoutFlow(doc);
    setCanvasNodes((nodes) => nodes.map((n) => ({ ...n, position: positions.current[n.id] ?? n.position })));
    setTimeout(() => void reactFlow.fitView({ padding: 0.2, maxZoom: 1 }), 50);
  };

  return (
    <div className="sd-flow" onKeyDown={onKeyDown}>
      <div className="sd-flow__toolbar" role="toolbar" aria-label={t('toolbar.label')}>
        <Space wrap size="small">
          <Tooltip title="Ctrl+Z">
            <Button icon={<UndoOutlined />} disabled={!history.canUndo} onClick={history.undo}>
              {t('toolbar.undo')}
            </Button>
          </Tooltip>
          <Tooltip title="Ctrl+Y">
            <Button icon={<RedoOutlined />} disabled={!history.canRedo} onClick={history.redo}>
              {t('toolbar.redo')}
            </Button>
          </Tooltip>
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {t('toolbar.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label={t('toolbar.import')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) {
                void file.text().then(load);
              }
            }}
          />
          <Button icon={<DownloadOutlined />} onClick={exportJson}>
            {t('toolbar.export')}
          </Button>
          <Dropdown
            menu={{
              items: Object.keys(examples).map((path) => ({ key: path, label: t(`examples.${path.split('/').pop()!.replace('.json', '')}`, { defaultValue: path.split('/').pop() }) })),
              onClick: ({ key }) => void examples[key]().then(load),
            }}
          >
            <Button icon={<FileAddOutlined />}>{t('toolbar.examples')}</Button>
          </Dropdown>
          {onFirmwareChange ? (
            <Select aria-label={t('toolbar.firmware')} value={firmwareVersion} onChange={onFirmwareChange} options={firmwareVersions.map((v) => ({ value: v, label: t('toolbar.firmwareValue', { version: v }) }))} style={{ width: 150 }} />
          ) : (
            <Tag>{t('toolbar.firmwareValue', { version: firmwareVersion })}</Tag>
          )}
          <Tooltip title={t('toolbar.autoLayoutHint')}>
            <Button icon={<ApartmentOutlined />} onClick={handleAutoLayout}>
              {t('toolbar.autoLayout')}
            </Button>
          </Tooltip>
          <Button icon={<CheckCircleOutlined />} onClick={() => setShownCheck(check.errors)}>
            {t('toolbar.check')}
          </Button>
        </Space>
        {actions && <Space wrap size="small">{actions}</Space>}
      </div>

      {check.warnings
        .filter((w) => w.key !== 'flow.warn.unreachable')
        .map((w) => (
          <Alert key={w.key} type="warning" showIcon message={flowMessage(w, locale)} className="sd-flow__warning" />
        ))}
      {unreachable.length > 0 && (
        <Alert type="warning" showIcon message={t('check.unreachable', { count: unreachable.length, names: unreachable.join(locale === 'zh-CN' ? '、' : ', ') })} className="sd-flow__warning" />
      )}

      <div className="sd-flow__body">
        <aside className="sd-flow__palette" aria-label={t('palette.title')}>
          <Typography.Text type="secondary" className="sd-flow__palette-title">
            {t('palette.title')} · {userNodes}/{flowNodeMax}
          </Typography.Text>
          {paletteKinds.map((kind) => (
            <Button
              key={kind}
              block
              icon={kindIcons[kind]}
              className="sd-flow__palette-item"
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData('application/x-sd-flow-kind', kind);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => create(kind)}
            >
              {t(`kinds.${kind}`)}
            </Button>
          ))}
          <Typography.Paragraph type="secondary" className="sd-flow__palette-hint">
            {t('palette.hint')}
          </Typography.Paragraph>
        </aside>
        <div ref={canvasRef} className="sd-flow__canvas" onDragOver={(e) => (e.preventDefault(), (e.dataTransfer.dropEffect = 'move'))} onDrop={onDrop} tabIndex={0} aria-label={t('canvas.label')}>
          {/* Over the canvas, not above it: the canvas stays where it is (1440×900 keeps it in view). */}
          {shownCheck && (
            <div className="sd-flow__check">
              {shownCheck.length === 0 ? (
                <Alert type="success" showIcon closable onClose={() => setShownCheck(null)} message={t('check.passed')} />
              ) : (
                <Alert type="error" showIcon closable onClose={() => setShownCheck(null)} message={t('check.failed', { count: shownCheck.length })} description={<FlowProblemList doc={doc} problems={shownCheck} onPick={(id) => (select(id), setPanel('node'))} />} />
              )}
            </div>
          )}
          <ReactFlow<FlowCanvasNode>
            nodes={canvasNodes}
            edges={edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            deleteKeyCode={null}
            fitView
            fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
            minZoom={0.3}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={16} />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <aside className="sd-flow__side">
          <Tabs
            size="small"
            activeKey={panel}
            onChange={setPanel}
            items={[
              {
                key: 'node',
                label: t('panels.node'),
                children: selectedNode ? (
                  <NodeProperties
                    doc={doc}
                    node={selectedNode}
                    problems={problemsOf(check.errors, selectedNode.id)}
                    onChange={(node: FlowNode) => history.set(updateNode(doc, node), `node:${node.id}`)}
                    onConnectNext={(to) => onConnect({ source: selectedNode.id, target: to, sourceHandle: null, targetHandle: null })}
                    onDisconnectNext={() => {
                      const edge = doc.edges.find((e) => e.from === selectedNode.id);
                      if (edge) {
                        remove([], [edgeKey(edge)]);
                      }
                    }}
                    onDelete={() => remove([selectedNode.id], [])}
                  />
                ) : (
                  <Typography.Paragraph type="secondary">{selectedNodeIds.length > 1 ? t('panels.many', { count: selectedNodeIds.length }) : t('panels.none')}</Typography.Paragraph>
                ),
              },
              { key: 'start', label: t('panels.start'), children: <StartModeSettings doc={doc} onChange={(d) => history.set(d, 'start')} /> },
              { key: 'serial', label: t('panels.serial'), children: <SerialSettingsForm doc={doc} onChange={(d) => history.set(d, 'serial')} /> },
              { key: 'links', label: t('panels.links', { count: doc.links.length }), children: <LinksSettings doc={doc} onChange={(d) => history.set(d, 'links')} uploadCertificate={uploadCertificate} linkDefaults={linkDefaults} /> },
            ]}
          />
        </aside>
      </div>
    </div>
  );
}
