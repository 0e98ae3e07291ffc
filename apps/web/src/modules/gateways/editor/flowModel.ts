import {
  connectionProblem,
  edgeDeletionProblem,
  flowDocumentSchema,
  nodeCreationProblem,
  storingKinds,
  type FlowDocument,
  type FlowEdge,
  type FlowNode,
  type FlowNodeKind,
  type FlowProblem,
} from '@smartdata/domain';

/**
 * The flow editor's operations on a flow document (issue 6 contract), pure so that the guards
 * the user meets while drawing are unit-tested. Every operation answers either the new document
 * or the problem (a key of the domain's flowMessages) that refused it; the document is never
 * changed by a refused operation.
 */
export type FlowResult = { ok: true; doc: FlowDocument } | { ok: false; problem: FlowProblem };

/** Kinds the palette offers (Start exists once and is not created by the user). */
export const paletteKinds: readonly Exclude<FlowNodeKind, 'start'>[] = [
  'serialTx',
  'serialRx',
  'mqttPublish',
  'mqttSubscribe',
  'httpRequest',
  'wait',
  'timestamp',
  'passthrough',
  'edgeCompute',
];

/** Default node names per kind, per language (node names: Chinese, letters, digits, - and ~). */
export const defaultNames: Record<FlowNodeKind, { 'zh-CN': string; 'en-US': string }> = {
  start: { 'zh-CN': '开始', 'en-US': 'Start' },
  serialTx: { 'zh-CN': '串口发送', 'en-US': 'SerialTX' },
  serialRx: { 'zh-CN': '串口接收', 'en-US': 'SerialRX' },
  mqttPublish: { 'zh-CN': 'MQTT发布', 'en-US': 'Publish' },
  mqttSubscribe: { 'zh-CN': 'MQTT订阅', 'en-US': 'Subscribe' },
  httpRequest: { 'zh-CN': 'HTTP请求', 'en-US': 'HTTP' },
  wait: { 'zh-CN': '等待', 'en-US': 'Wait' },
  timestamp: { 'zh-CN': '时间戳', 'en-US': 'Timestamp' },
  passthrough: { 'zh-CN': '透传数据', 'en-US': 'Passthrough' },
  edgeCompute: { 'zh-CN': '边缘计算', 'en-US': 'EdgeCompute' },
};

/** A new, empty document: Start only, loop mode every 60 s, default serial settings. */
export function emptyFlow(): FlowDocument {
  return {
    startMode: { kind: 'loop', intervalMs: 60_000 },
    nodes: [{ id: 'start', kind: 'start', name: '开始' }],
    edges: [],
    links: [],
    serial: { portName: 'COM1', baudRate: 9600, checkBit: 'none', dataBits: 8, stopBits: 1 },
  };
}

/** An id not used by any node of the document: `<kind><n>`. */
export function nextNodeId(doc: FlowDocument, kind: FlowNodeKind): string {
  const ids = new Set(doc.nodes.map((n) => n.id));
  for (let n = 1; ; n += 1) {
    if (!ids.has(`${kind}${n}`)) {
      return `${kind}${n}`;
    }
  }
}

/** A name not used by any node: the kind's default name, then with -2, -3, ... */
export function nextNodeName(doc: FlowDocument, base: string): string {
  const names = new Set(doc.nodes.map((n) => n.name));
  if (!names.has(base)) {
    return base;
  }
  for (let n = 2; ; n += 1) {
    if (!names.has(`${base}-${n}`)) {
      return `${base}-${n}`;
    }
  }
}

/** A node of a kind with the defaults the property panel starts from. */
export function newNode(kind: Exclude<FlowNodeKind, 'start'>, id: string, name: string, linkId = ''): FlowNode {
  switch (kind) {
    case 'serialTx':
      return { id, kind, name, packet: '01 03 00 00 00 02', appendCrc: true };
    case 'serialRx':
      return { id, kind, name, crc: true, timeoutMs: 1000, retries: 3, extractions: [] };
    case 'mqttPublish':
      return { id, kind, name, topic: '', linkId, body: '', qos: 1 };
    case 'mqttSubscribe':
      return { id, kind, name, topic: '', linkId };
    case 'httpRequest':
      return { id, kind, name, url: 'https://', method: 'POST', body: '' };
    case 'wait':
      return { id, kind, name, ms: 1000 };
    case 'timestamp':
      return { id, kind, name, digits: 13 };
    case 'passthrough':
      return { id, kind, name, format: 'hexString' };
    case 'edgeCompute':
      return { id, kind, name, source: '', conditions: [{ operator: '>', value: '' }] };
  }
}

/** Adds a node of a kind, refused at the node maximum (您创建节点数已达上限！). */
export function addNode(doc: FlowDocument, kind: Exclude<FlowNodeKind, 'start'>, baseName: string): FlowResult & { nodeId?: string } {
  const problem = nodeCreationProblem(doc);
  if (problem) {
    return { ok: false, problem: { key: problem } };
  }
  const id = nextNodeId(doc, kind);
  const node = newNode(kind, id, nextNodeName(doc, baseName), doc.links[0]?.id ?? '');
  return { ok: true, doc: { ...doc, nodes: [...doc.nodes, node] }, nodeId: id };
}

/** Draws an edge, refused with the first broken graph rule (e.g. 该连线关系已存在,不允许重复创建). */
export function connect(doc: FlowDocument, from: string, to: string): FlowResult {
  const problem = connectionProblem(doc, from, to);
  if (problem) {
    return { ok: false, problem: { key: problem, nodeId: to } };
  }
  return { ok: true, doc: { ...doc, edges: [...doc.edges, { from, to }] } };
}

export const edgeKey = (edge: FlowEdge) => `${edge.from}->${edge.to}`;

/**
 * Deletes the selected nodes and edges. Start cannot be deleted; a connection of an MQTT
 * subscribe node cannot be deleted on its own (spec §5) — deleting the subscribe node itself
 * takes its connections with it. Timeout handling that pointed to a deleted node is left without
 * a next element (the full check then says so). Refused whole when any part is refused.
 */
export function deleteSelection(doc: FlowDocument, nodeIds: readonly string[], edgeKeys: readonly string[]): FlowResult {
  const goingNodes = new Set(nodeIds.filter((id) => id !== 'start'));
  if (nodeIds.includes('start') && goingNodes.size === 0 && edgeKeys.length === 0) {
    return { ok: false, problem: { key: 'flow.start.fixed' } };
  }
  for (const key of edgeKeys) {
    const edge = doc.edges.find((e) => edgeKey(e) === key);
    if (!edge || goingNodes.has(edge.from) || goingNodes.has(edge.to)) {
      continue;
    }
    const problem = edgeDeletionProblem(doc, edge);
    if (problem) {
      return { ok: false, problem: { key: problem } };
    }
  }
  const goingEdges = new Set(edgeKeys);
  return {
    ok: true,
    doc: {
      ...doc,
      nodes: doc.nodes
        .filter((n) => !goingNodes.has(n.id))
        .map((n) => (n.kind === 'serialRx' && n.timeout && goingNodes.has(n.timeout.next) ? { ...n, timeout: { ...n.timeout, next: '' } } : n)),
      edges: doc.edges.filter((e) => !goingEdges.has(edgeKey(e)) && !goingNodes.has(e.from) && !goingNodes.has(e.to)),
    },
  };
}

/** Replaces one node (the property panel's edits); the id stays. */
export function updateNode(doc: FlowDocument, node: FlowNode): FlowDocument {
  return { ...doc, nodes: doc.nodes.map((n) => (n.id === node.id ? node : n)) };
}

/** Names of stored nodes (their values can be used in bodies), with the keys of RX parsers. */
export function storedReferences(doc: FlowDocument): string[] {
  return doc.nodes
    .filter((n) => storingKinds.includes(n.kind))
    .flatMap((n) => (n.kind === 'serialRx' && n.extractions.length > 0 ? n.extractions.map((e) => `{{${n.name}.${e.key}}}`) : [`{{${n.name}}}`]));
}

/**
 * Reads a document from JSON text (import, examples). Answers the parsed document (defaults
 * filled in, unknown keys such as `description` dropped) or the domain's malformed-document
 * problem.
 */
export function parseFlowJson(text: string): FlowResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: { key: 'flow.document.invalid', params: { path: '/' } } };
  }
  const parsed = flowDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: { key: 'flow.document.invalid', params: { path: issue.path.join('.') || '/' } } };
  }
  return { ok: true, doc: parsed.data };
}

/** The canvas grid: nodes are 180 px wide; three to a row fit the canvas at full size. */
export const gridColumns = 3;
export const cellWidth = 230;
export const cellHeight = 110;

/** Positions of the nodes on the canvas: the chain from Start in rows of three, the rest below. */
export function layoutFlow(doc: FlowDocument): Record<string, { x: number; y: number }> {
  const positions: Record<string, { x: number; y: number }> = {};
  const chain: string[] = [];
  let current: string | undefined = doc.nodes.some((n) => n.id === 'start') ? 'start' : undefined;
  while (current && !chain.includes(current)) {
    chain.push(current);
    const from: string = current;
    current = doc.edges.find((e) => e.from === from)?.to;
  }
  chain.forEach((id, index) => {
    positions[id] = { x: (index % gridColumns) * cellWidth, y: Math.floor(index / gridColumns) * cellHeight };
  });
  const rows = Math.ceil(chain.length / gridColumns);
  doc.nodes
    .filter((n) => !(n.id in positions))
    .forEach((n, index) => {
      positions[n.id] = { x: (index % gridColumns) * cellWidth, y: (rows + Math.floor(index / gridColumns)) * cellHeight + 30 };
    });
  return positions;
}

/** The problems of the full check that belong to one node. */
export function problemsOf(problems: readonly FlowProblem[], nodeId: string): FlowProblem[] {
  return problems.filter((p) => p.nodeId === nodeId);
}

/** The first free cell of the canvas grid for a node created without a drop position. */
export function freeCell(taken: readonly { x: number; y: number }[]): { x: number; y: number } {
  for (let row = 0; ; row += 1) {
    for (let column = 0; column < gridColumns; column += 1) {
      const cell = { x: column * cellWidth, y: row * cellHeight };
      if (!taken.some((p) => Math.abs(p.x - cell.x) < cellWidth - 30 && Math.abs(p.y - cell.y) < cellHeight - 30)) {
        return cell;
      }
    }
  }
}

/**
 * The auto-layout button: nodes left to right in columns by their distance from Start (the
 * longest path, so a node comes after every node that leads to it), each column's nodes stacked in
 * the order they are reached. Connections then run from one column to a later one and do not cross
 * the nodes between; a loop back (a timeout edge to an earlier node) is the only edge running right
 * to left. Nodes Start never reaches go in a row below.
 */
export function autoLayoutFlow(doc: FlowDocument): Record<string, { x: number; y: number }> {
  const ids = new Set(doc.nodes.map((n) => n.id));
  const depth = new Map<string, number>();
  const order: string[] = [];
  if (ids.has('start')) {
    depth.set('start', 0);
    order.push('start');
    // Longest path from Start without going round a cycle: a node moves right while a path
    // that does not revisit it reaches it later (bounded by the node count).
    for (let pass = 0; pass < doc.nodes.length; pass += 1) {
      let moved = false;
      for (const edge of doc.edges) {
        const from = depth.get(edge.from);
        if (from === undefined || !ids.has(edge.to) || edge.to === 'start') {
          continue;
        }
        const to = depth.get(edge.to);
        if (to === undefined) {
          depth.set(edge.to, from + 1);
          order.push(edge.to);
          moved = true;
        } else if (to < from + 1 && from + 1 < doc.nodes.length && !reaches(doc, edge.to, edge.from)) {
          depth.set(edge.to, from + 1);
          moved = true;
        }
      }
      if (!moved) {
        break;
      }
    }
  }
  const positions: Record<string, { x: number; y: number }> = {};
  const rowsIn = new Map<number, number>();
  for (const id of order) {
    const column = depth.get(id)!;
    const row = rowsIn.get(column) ?? 0;
    rowsIn.set(column, row + 1);
    positions[id] = { x: column * cellWidth, y: row * cellHeight };
  }
  const rows = Math.max(1, ...rowsIn.values());
  doc.nodes
    .filter((n) => !(n.id in positions))
    .forEach((n, index) => {
      positions[n.id] = { x: index * cellWidth, y: rows * cellHeight + 30 };
    });
  return positions;
}

/** Whether `to` can be reached from `from` along the edges (a cycle check for the layout). */
function reaches(doc: FlowDocument, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === to) {
      return true;
    }
    for (const edge of doc.edges) {
      if (edge.from === current && !seen.has(edge.to)) {
        seen.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return false;
}

/** What differs between two flow documents (the saved one and the one the gateway runs). */
export interface FlowDifferences {
  added: string[];
  removed: string[];
  changed: string[];
  connections: boolean;
  links: boolean;
  serial: boolean;
  startMode: boolean;
}

/** Node names added, removed or changed, and which settings differ; canvas positions do not count. */
export function flowDifferences(current: FlowDocument, other: FlowDocument): FlowDifferences {
  const before = new Map(other.nodes.map((n) => [n.id, n]));
  const after = new Map(current.nodes.map((n) => [n.id, n]));
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const edgeSet = (doc: FlowDocument) => doc.edges.map((e) => `${e.from}>${e.to}`).sort();
  return {
    added: current.nodes.filter((n) => !before.has(n.id)).map((n) => n.name),
    removed: other.nodes.filter((n) => !after.has(n.id)).map((n) => n.name),
    changed: current.nodes.filter((n) => before.has(n.id) && !same(n, before.get(n.id))).map((n) => n.name),
    connections: !same(edgeSet(current), edgeSet(other)),
    links: !same(current.links, other.links),
    serial: !same(current.serial, other.serial),
    startMode: !same(current.startMode, other.startMode),
  };
}

/** Whether two documents differ in anything the gateway would run. */
export function hasDifferences(d: FlowDifferences): boolean {
  return d.added.length + d.removed.length + d.changed.length > 0 || d.connections || d.links || d.serial || d.startMode;
}
