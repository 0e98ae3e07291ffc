import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Badge, Tooltip } from 'antd';
import {
  ApiOutlined,
  ClockCircleOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  FieldTimeOutlined,
  FunctionOutlined,
  GlobalOutlined,
  ImportOutlined,
  PlayCircleOutlined,
  SendOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlowNode, FlowNodeKind } from '@smartdata/domain';

export const kindIcons: Record<FlowNodeKind, React.ReactNode> = {
  start: <PlayCircleOutlined />,
  serialTx: <SendOutlined />,
  serialRx: <ImportOutlined />,
  mqttPublish: <CloudUploadOutlined />,
  mqttSubscribe: <CloudDownloadOutlined />,
  httpRequest: <GlobalOutlined />,
  wait: <ClockCircleOutlined />,
  timestamp: <FieldTimeOutlined />,
  passthrough: <SwapOutlined />,
  edgeCompute: <FunctionOutlined />,
};

export type FlowCanvasNode = Node<{ node: FlowNode; problems: string[] }, 'flow'>;

/** One line on what the node does, shown under its name. */
function summary(node: FlowNode): string {
  switch (node.kind) {
    case 'serialTx':
      return node.packet;
    case 'serialRx':
      return node.extractions.map((e) => e.key).join(', ');
    case 'mqttPublish':
    case 'mqttSubscribe':
      return node.topic;
    case 'httpRequest':
      return `${node.method} ${node.url}`;
    case 'wait':
      return `${node.ms} ms`;
    case 'timestamp':
      return `${node.digits}`;
    case 'passthrough':
      return node.format === 'hexString' ? 'HEX string' : 'HEX number';
    case 'edgeCompute':
      return node.source;
    default:
      return '';
  }
}

/** A node on the canvas: kind, name, summary, its handles, and the problems of the last check. */
export const FlowNodeCard = memo(function FlowNodeCard({ data, selected }: NodeProps<FlowCanvasNode>) {
  const { t } = useTranslation('gateways');
  const { node, problems } = data;
  const card = (
    <div className={`sd-flow-node sd-flow-node--${node.kind}${selected ? ' is-selected' : ''}${problems.length ? ' has-problems' : ''}`} data-node-id={node.id} data-testid={`flow-node-${node.id}`}>
      {node.kind !== 'start' && <Handle type="target" position={Position.Left} />}
      <div className="sd-flow-node__kind">
        {kindIcons[node.kind]} {t(`kinds.${node.kind}`)}
        {problems.length > 0 && <Badge count={problems.length} size="small" className="sd-flow-node__badge" />}
      </div>
      <div className="sd-flow-node__name">{node.kind === 'start' ? t('kinds.start') : node.name}</div>
      {summary(node) && <div className="sd-flow-node__summary">{summary(node)}</div>}
      <Handle type="source" position={Position.Right} />
    </div>
  );
  return problems.length > 0 ? <Tooltip title={problems.join('；')}>{card}</Tooltip> : card;
});

export const nodeTypes = { flow: FlowNodeCard };

/** Icon of the palette (kept here so the palette and the canvas use the same ones). */
export const LinkIcon = ApiOutlined;
