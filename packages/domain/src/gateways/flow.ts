import { z } from 'zod';
import { limits } from '../shared/limits';
import { fileNameText } from '../shared/text';
import { isHexPacket } from './hex';
import { dataLengths } from './extract';
import { firmwareGates, firmwareSupports, type FirmwareFeature } from './firmware';

/**
 * The gateway flow document (issue 6 contract) and every rule of spec §5 for it. The editor runs
 * these as the user draws; the server runs them before anything is saved or pushed.
 */
export const flowNodeKinds = ['start', 'serialTx', 'serialRx', 'mqttPublish', 'mqttSubscribe', 'httpRequest', 'wait', 'timestamp', 'passthrough', 'edgeCompute'] as const;
export type FlowNodeKind = (typeof flowNodeKinds)[number];
export const flowStartModes = ['delay', 'loop', 'server'] as const;
export type FlowStartMode = (typeof flowStartModes)[number];

/** Nodes a user may create besides Start (decided: docs/gateways.md). */
export const flowNodeMax = 30;
/** The configuration pushed to a gateway must fit its flash buffer (decided: docs/gateways.md). */
export const flowConfigMaxBytes = 16 * 1024;
/** Bounds of values in a flow document that the editor's inputs also keep. */
export const flowLimits = {
  /** MQTT link port (TCP). */
  portMax: 65_535,
  /** Bytes one extraction reads from a frame. */
  extractionSizeMax: 64,
  /** Highest bit number of a byte (bit extraction). */
  extractionBitMax: 7,
} as const;
/** Nodes whose values are stored and can be referenced in bodies as {{name}} or {{name.key}}. */
export const storingKinds: readonly FlowNodeKind[] = ['serialRx', 'mqttSubscribe', 'timestamp', 'passthrough', 'edgeCompute'];
/** What may follow timeout handling (spec §5). */
export const timeoutNextKinds: readonly FlowNodeKind[] = ['mqttPublish', 'httpRequest'];

const extractionSchema = z.object({
  key: z.string(),
  extractType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  unit: z.union([z.literal(3), z.literal(4)]).default(4),
  offset: z.number().int().min(0),
  size: z.number().int().min(1).max(flowLimits.extractionSizeMax).default(2),
  bit: z.number().int().min(0).max(flowLimits.extractionBitMax).optional(),
  dataLength: z.enum(dataLengths).default('uint'),
  divisor: z.number().optional(),
  decimalPlaces: z.number().int().optional(),
  wordSwap: z.boolean().optional(),
});

const conditionSchema = z.object({
  operator: z.enum(['>', '>=', '<', '<=', '==', '!=']).optional(),
  value: z.union([z.number(), z.string()]).optional(),
  packet: z.string().optional(),
});

const base = { id: z.string().min(1), name: z.string() };
export const flowNodeSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('start') }),
  z.object({ ...base, kind: z.literal('serialTx'), packet: z.string(), appendCrc: z.boolean().default(false) }),
  z.object({
    ...base,
    kind: z.literal('serialRx'),
    crc: z.boolean().default(true),
    timeoutMs: z.number().int().min(1).default(1000),
    retries: z.number().int().default(3),
    extractions: z.array(extractionSchema).default([]),
    timeout: z.object({ next: z.string(), message: z.string().default(''), body: z.string() }).optional(),
  }),
  z.object({ ...base, kind: z.literal('mqttPublish'), topic: z.string(), linkId: z.string(), body: z.string(), qos: z.union([z.literal(0), z.literal(1)]).default(1) }),
  z.object({ ...base, kind: z.literal('mqttSubscribe'), topic: z.string(), linkId: z.string() }),
  z.object({ ...base, kind: z.literal('httpRequest'), url: z.string(), method: z.enum(['GET', 'POST']).default('POST'), body: z.string() }),
  z.object({ ...base, kind: z.literal('wait'), ms: z.number().int() }),
  z.object({ ...base, kind: z.literal('timestamp'), digits: z.union([z.literal(10), z.literal(13)]) }),
  z.object({ ...base, kind: z.literal('passthrough'), format: z.enum(['hexString', 'hexNumber']) }),
  z.object({ ...base, kind: z.literal('edgeCompute'), source: z.string(), conditions: z.array(conditionSchema).max(2) }),
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const mqttLinkSchema = z.object({
  id: z.string().min(1),
  address: z.string(),
  port: z.union([z.number(), z.string()]),
  username: z.string(),
  password: z.string(),
  clientId: z.string(),
  /** caSigned: the broker's certificate is signed by a public CA; uploaded: a CA or self-signed certificate (certificateId). */
  cert: z.object({ kind: z.enum(['caSigned', 'uploaded']), certificateId: z.number().int().positive().optional(), objectKey: z.string().optional(), fileName: fileNameText(200).optional() }).optional(),
});
export type MqttLink = z.infer<typeof mqttLinkSchema>;

export const baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const serialSettingsSchema = z.object({
  portName: z.string().default('COM1'),
  baudRate: z.number().int().default(9600),
  checkBit: z.enum(['none', 'odd', 'even']).default('none'),
  dataBits: z.union([z.literal(7), z.literal(8)]).default(8),
  stopBits: z.union([z.literal(1), z.literal(2)]).default(1),
});
export type SerialSettings = z.infer<typeof serialSettingsSchema>;

export const flowDocumentSchema = z.object({
  startMode: z.object({ kind: z.enum(flowStartModes), delayMs: z.number().int().optional(), intervalMs: z.number().int().optional() }),
  nodes: z.array(flowNodeSchema),
  edges: z.array(z.object({ from: z.string(), to: z.string() })),
  links: z.array(mqttLinkSchema).default([]),
  serial: serialSettingsSchema.default({ portName: 'COM1', baudRate: 9600, checkBit: 'none', dataBits: 8, stopBits: 1 }),
  minFirmware: z.string().optional(),
});
export type FlowDocument = z.infer<typeof flowDocumentSchema>;
export type FlowEdge = FlowDocument['edges'][number];

/** A rule violation: a message key of flowMessages, its parameters, and where it is. */
export interface FlowProblem {
  key: string;
  params?: Record<string, string | number>;
  nodeId?: string;
  linkId?: string;
}

const nodeNamePattern = /^[\u4e00-\u9fa5A-Za-z0-9\-~]+$/;
const asciiPattern = /^[\x20-\x7e]*$/;
const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const hostPattern = /^(?=.{1,199}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Node name (spec §5): required, at most 20 characters, Chinese, digits, letters, hyphen, tilde. */
export function nodeNameProblem(name: string): string | null {
  if (name.trim() === '') {
    return 'flow.name.required';
  }
  if ([...name].length > limits.nodeNameLength) {
    return 'flow.name.tooLong';
  }
  if (!nodeNamePattern.test(name)) {
    return 'flow.name.pattern';
  }
  return null;
}

/** MQTT topic (spec §5): required, ASCII only, at most 100 characters. */
export function topicProblem(topic: string): string | null {
  if (topic.trim() === '') {
    return 'flow.topic.required';
  }
  if (!asciiPattern.test(topic)) {
    return 'flow.topic.ascii';
  }
  if (topic.length > limits.topicLength) {
    return 'flow.topic.tooLong';
  }
  return null;
}

/** Checks of one MQTT link (spec §5). */
export function linkProblems(link: MqttLink): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const at = (key: string, params?: FlowProblem['params']) => problems.push({ key, linkId: link.id, ...(params ? { params } : {}) });
  if (link.address.trim() === '') {
    at('flow.link.addressRequired');
  } else if (link.address.length > limits.ipLength) {
    at('flow.link.addressTooLong');
  } else if (!ipv4Pattern.test(link.address) && !(hostPattern.test(link.address) && /[A-Za-z]/.test(link.address))) {
    at('flow.link.addressInvalid');
  }
  const port = typeof link.port === 'string' ? Number(link.port) : link.port;
  if (link.port === '' || !Number.isInteger(port) || port < 1 || port > flowLimits.portMax) {
    at('flow.link.portInvalid');
  }
  const ascii = (value: string, max: number, field: string) => {
    if (value === '') {
      at(`flow.link.${field}Required`);
    } else if (!asciiPattern.test(value)) {
      at(`flow.link.${field}Ascii`);
    } else if (value.length > max) {
      at(`flow.link.${field}TooLong`, { max });
    }
  };
  ascii(link.username, limits.mqttUsernameLength, 'username');
  ascii(link.password, limits.mqttPasswordLength, 'password');
  ascii(link.clientId, limits.clientIdLength, 'clientId');
  return problems;
}

/** References in a body: {{name}} or {{name.key}}. */
export function bodyReferences(body: string): string[] {
  return [...body.matchAll(/\{\{\s*([^}.\s]+)(?:\.[^}\s]+)?\s*\}\}/g)].map((m) => m[1]);
}

/** Body rules (spec §5): not empty, no semicolon, only existing stored nodes referenced. */
export function bodyProblem(body: string, storedNames: ReadonlySet<string>, maxLength?: number): FlowProblem | null {
  if (body.trim() === '') {
    return { key: 'flow.body.required' };
  }
  if (body.includes(';')) {
    return { key: 'flow.body.semicolon' };
  }
  if (maxLength !== undefined && [...body].length > maxLength) {
    return { key: 'flow.body.tooLong', params: { max: maxLength } };
  }
  const missing = bodyReferences(body).find((name) => !storedNames.has(name));
  return missing ? { key: 'flow.body.storageNodeDeleted', params: { name: missing } } : null;
}

/**
 * Whether the user may draw an edge from → to in the current graph (spec §5 flow-graph rules).
 * Answers the message key of the first broken rule, or null.
 */
export function connectionProblem(doc: Pick<FlowDocument, 'nodes' | 'edges'>, from: string, to: string): string | null {
  const kindOf = (id: string) => doc.nodes.find((n) => n.id === id)?.kind;
  if (!kindOf(from) || !kindOf(to)) {
    return 'flow.edge.unknownNode';
  }
  if (from === to) {
    return 'flow.edge.self';
  }
  if (doc.edges.some((e) => e.from === from && e.to === to)) {
    return 'flow.edge.exists';
  }
  if (doc.edges.some((e) => e.from === to && e.to === from)) {
    return 'flow.edge.loop';
  }
  if (kindOf(to) === 'start') {
    return 'flow.edge.toStart';
  }
  if (doc.edges.some((e) => e.from === from)) {
    return kindOf(from) === 'start' ? 'flow.edge.startOne' : 'flow.edge.oneOut';
  }
  if (doc.edges.some((e) => e.to === to)) {
    return 'flow.edge.oneIn';
  }
  if (kindOf(to) === 'serialRx' && kindOf(from) !== 'serialTx') {
    return 'flow.edge.rxAfterTx';
  }
  // Longer loops than the spec's two elements (only possible away from Start, as every node has
  // one way in): the flow would never end and Start could never reach them.
  if (reachableFrom(doc.edges, to).has(from)) {
    return 'flow.edge.cycle';
  }
  return null;
}

/** The nodes reached by following edges from `from`, itself included. */
function reachableFrom(edges: readonly FlowEdge[], from: string): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  while (pending.length > 0) {
    const at = pending.pop()!;
    if (!seen.has(at)) {
      seen.add(at);
      for (const edge of edges) {
        if (edge.from === at) {
          pending.push(edge.to);
        }
      }
    }
  }
  return seen;
}

/** An edge touching an MQTT subscribe node cannot be deleted (spec §5). */
export function edgeDeletionProblem(doc: Pick<FlowDocument, 'nodes'>, edge: FlowEdge): string | null {
  const touches = doc.nodes.some((n) => n.kind === 'mqttSubscribe' && (n.id === edge.from || n.id === edge.to));
  return touches ? 'flow.edge.subscribeFixed' : null;
}

/** Whether one more node may be created (spec §5: blocked at the node maximum). */
export function nodeCreationProblem(doc: Pick<FlowDocument, 'nodes'>): string | null {
  return doc.nodes.filter((n) => n.kind !== 'start').length >= flowNodeMax ? 'flow.node.limit' : null;
}

/** Byte length of the configuration as it is pushed (UTF-8 JSON). */
export function flowConfigBytes(doc: unknown): number {
  return new TextEncoder().encode(JSON.stringify(doc)).length;
}

function isNumeric(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
}

export interface FlowCheck {
  errors: FlowProblem[];
  warnings: FlowProblem[];
}

/**
 * Every rule of spec §5 on a whole document, for a gateway on `firmware`. Errors block saving
 * and pushing; warnings (a loop without a wait at its end) are advice.
 */
export function checkFlow(input: unknown, firmware: string): FlowCheck {
  const errors: FlowProblem[] = [];
  const warnings: FlowProblem[] = [];
  const parsed = flowDocumentSchema.safeParse(input);
  if (!parsed.success) {
    // The place, not zod's English wording of what is wrong there (issue 12: refusals in the caller's language).
    const issue = parsed.error.issues[0];
    return { errors: [{ key: 'flow.document.invalid', params: { path: issue.path.join('.') || '/' } }], warnings };
  }
  const doc = parsed.data;
  const needs = (feature: FirmwareFeature, nodeId?: string, linkId?: string) => {
    if (!firmwareSupports(firmware, feature)) {
      errors.push({ key: 'flow.firmware.tooOld', params: { feature, version: firmwareGates[feature], firmware }, ...(nodeId ? { nodeId } : {}), ...(linkId ? { linkId } : {}) });
    }
  };

  if (flowConfigBytes(input) > flowConfigMaxBytes) {
    errors.push({ key: 'flow.config.tooLong', params: { max: flowConfigMaxBytes } });
  }

  // Start mode.
  const mode = doc.startMode;
  if (mode.kind === 'delay' && (mode.delayMs === undefined || mode.delayMs < 0)) {
    errors.push({ key: 'flow.start.delay' });
  }
  if (mode.kind === 'loop' && (mode.intervalMs === undefined || mode.intervalMs <= 0)) {
    errors.push({ key: 'flow.start.interval' });
  }

  // Nodes: one Start with id start, unique ids and names, the maximum.
  const starts = doc.nodes.filter((n) => n.kind === 'start');
  if (starts.length !== 1 || starts[0].id !== 'start') {
    errors.push({ key: 'flow.start.missing' });
  }
  if (doc.nodes.filter((n) => n.kind !== 'start').length > flowNodeMax) {
    errors.push({ key: 'flow.node.limit' });
  }
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const node of doc.nodes) {
    if (ids.has(node.id)) {
      errors.push({ key: 'flow.node.duplicateId', nodeId: node.id });
    }
    ids.add(node.id);
    if (node.kind === 'start') {
      continue;
    }
    const nameProblem = nodeNameProblem(node.name);
    if (nameProblem) {
      errors.push({ key: nameProblem, nodeId: node.id });
    } else if (names.has(node.name)) {
      errors.push({ key: 'flow.name.duplicate', params: { name: node.name }, nodeId: node.id });
    }
    names.add(node.name);
  }
  const storedNames = new Set(doc.nodes.filter((n) => storingKinds.includes(n.kind)).map((n) => n.name));
  const byId = new Map(doc.nodes.map((n) => [n.id, n]));

  // Links: at most 3, each valid, none unused.
  if (doc.links.length > limits.mqttLinksMax) {
    errors.push({ key: 'flow.link.tooMany', params: { max: limits.mqttLinksMax } });
  }
  const linkIds = new Set(doc.links.map((l) => l.id));
  const usedLinks = new Set(doc.nodes.flatMap((n) => (n.kind === 'mqttPublish' || n.kind === 'mqttSubscribe' ? [n.linkId] : [])));
  for (const link of doc.links) {
    errors.push(...linkProblems(link));
    if (link.cert) {
      needs('linkCertificate', undefined, link.id);
    }
    if (!usedLinks.has(link.id)) {
      errors.push({ key: 'flow.link.unused', linkId: link.id });
    }
  }

  // Node properties.
  for (const node of doc.nodes) {
    const at = (key: string, params?: FlowProblem['params']) => errors.push({ key, nodeId: node.id, ...(params ? { params } : {}) });
    switch (node.kind) {
      case 'start':
        break;
      case 'serialTx':
        if (!isHexPacket(node.packet)) {
          at('flow.hex.invalid');
        }
        break;
      case 'serialRx': {
        if (node.retries < 0 || node.retries > limits.inquiryRetries) {
          at('flow.rx.retries', { max: limits.inquiryRetries });
        }
        for (const e of node.extractions) {
          if (e.divisor === 0) {
            at('flow.rx.divisorZero', { key: e.key });
          }
          if (e.decimalPlaces !== undefined && (e.decimalPlaces < 0 || e.decimalPlaces > limits.resultDecimalPlacesMax)) {
            at('flow.rx.decimalPlaces');
          }
          if (e.key.trim() === '') {
            at('flow.rx.keyRequired');
          }
        }
        if (node.timeout) {
          needs('timeoutHandling', node.id);
          const next = byId.get(node.timeout.next);
          if (!next || !timeoutNextKinds.includes(next.kind)) {
            at('flow.timeout.next');
          }
          if ([...node.timeout.message].length > limits.timeoutMessageLength) {
            at('flow.timeout.messageTooLong', { max: limits.timeoutMessageLength });
          }
          const problem = bodyProblem(node.timeout.body, storedNames, limits.timeoutBodyLength);
          if (problem) {
            errors.push({ ...problem, nodeId: node.id });
          }
        }
        break;
      }
      case 'mqttPublish':
      case 'mqttSubscribe': {
        const topic = topicProblem(node.topic);
        if (topic) {
          at(topic);
        }
        if (!linkIds.has(node.linkId)) {
          at('flow.link.missing');
        }
        if (node.kind === 'mqttPublish') {
          const problem = bodyProblem(node.body, storedNames);
          if (problem) {
            errors.push({ ...problem, nodeId: node.id });
          }
        }
        break;
      }
      case 'httpRequest': {
        needs('httpRequest', node.id);
        if (!/^https?:\/\/\S+$/.test(node.url)) {
          at('flow.http.url');
        }
        const problem = bodyProblem(node.body, storedNames);
        if (problem) {
          errors.push({ ...problem, nodeId: node.id });
        }
        break;
      }
      case 'wait':
        if (node.ms <= 0) {
          at('flow.wait.ms');
        }
        break;
      case 'timestamp':
        needs('timestamp', node.id);
        break;
      case 'passthrough':
        if (node.format === 'hexNumber') {
          needs('passthroughHexNumber', node.id);
        }
        break;
      case 'edgeCompute': {
        needs('edgeCompute', node.id);
        if (!storedNames.has(node.source)) {
          at('flow.body.storageNodeDeleted', { name: node.source });
        }
        const filled = node.conditions.filter((c) => c.operator !== undefined && c.value !== undefined && c.value !== '');
        if (filled.length === 0) {
          at('flow.condition.required');
        }
        node.conditions.forEach((c, index) => {
          if (c.value !== undefined && c.value !== '' && !isNumeric(c.value)) {
            at('flow.condition.value', { index: index + 1 });
          }
          if (c.packet !== undefined && c.packet !== '' && !isHexPacket(c.packet)) {
            at('flow.condition.packet', { index: index + 1 });
          }
        });
        break;
      }
      default: {
        const exhaustive: never = node;
        void exhaustive;
      }
    }
  }

  // Serial settings.
  if (doc.serial.portName.trim() === '') {
    errors.push({ key: 'flow.serial.portName' });
  }
  if (!(baudRates as readonly number[]).includes(doc.serial.baudRate)) {
    errors.push({ key: 'flow.serial.baudRate' });
  }

  // Edges: replayed one by one through the drawing rules.
  const drawn: FlowEdge[] = [];
  for (const edge of doc.edges) {
    const problem = connectionProblem({ nodes: doc.nodes, edges: drawn }, edge.from, edge.to);
    if (problem) {
      errors.push({ key: problem, nodeId: edge.to });
    } else {
      drawn.push(edge);
    }
  }

  // Advice: a node Start never reaches, by connections or as a timeout's next node, never runs
  // (a draft, or a connection forgotten).
  const runs = reachableFrom([...drawn, ...doc.nodes.flatMap((n) => (n.kind === 'serialRx' && n.timeout ? [{ from: n.id, to: n.timeout.next }] : []))], 'start');
  for (const node of doc.nodes) {
    if (node.kind !== 'start' && !runs.has(node.id)) {
      warnings.push({ key: 'flow.warn.unreachable', nodeId: node.id, params: { name: node.name } });
    }
  }

  // Advice: a loop should end with a wait, or it runs flat out. A loop of nothing (an empty
  // canvas, only Start) runs nothing: no advice until the first node is connected.
  if (mode.kind === 'loop' && drawn.some((e) => e.from === 'start')) {
    let current = 'start';
    const seen = new Set<string>();
    for (;;) {
      const next = drawn.find((e) => e.from === current);
      if (!next || seen.has(next.to)) {
        break;
      }
      seen.add(next.to);
      current = next.to;
    }
    if (byId.get(current)?.kind !== 'wait') {
      warnings.push({ key: 'flow.warn.loopWait' });
    }
  }
  return { errors, warnings };
}
