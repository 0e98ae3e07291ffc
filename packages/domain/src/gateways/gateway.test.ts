import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc16Modbus, crcValid, withCrc } from './crc16';
import { formatHexPacket, isHexPacket, parseHexPacket } from './hex';
import { extractValue, type Extraction } from './extract';
import { compareFirmware } from './firmware';
import { checkFlow, connectionProblem, edgeDeletionProblem, flowConfigMaxBytes, flowNodeMax, nodeCreationProblem, type FlowDocument } from './flow';
import { flowMessage } from './flowMessages';

const examplesDir = path.resolve(import.meta.dirname, '../../../../examples/flows');
const examples = fs.readdirSync(examplesDir).filter((f) => f.endsWith('.json'));
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(examplesDir, file), 'utf8')) as FlowDocument & { minFirmware: string };

describe('CRC16/MODBUS', () => {
  it('matches known vectors', () => {
    expect(crc16Modbus(parseHexPacket('01 03 00 00 00 02'))).toBe(0x0bc4);
    expect(formatHexPacket(withCrc(parseHexPacket('01 03 00 00 00 02')))).toBe('01 03 00 00 00 02 C4 0B');
    expect(formatHexPacket(withCrc(parseHexPacket('01 06 00 01 00 03')))).toBe('01 06 00 01 00 03 98 0B');
    expect(crc16Modbus(new TextEncoder().encode('123456789'))).toBe(0x4b37);
    expect(crcValid(parseHexPacket('01 03 00 00 00 02 C4 0C'))).toBe(false);
  });
});

describe('hex packets', () => {
  it('accepts two-digit bytes separated by single spaces only', () => {
    expect(isHexPacket('01 03 0a FF')).toBe(true);
    for (const bad of ['', ' 01 03', '01 03 ', '01  03', '1 03', '013', '01 0G', '01\t03']) {
      expect(isHexPacket(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(parseHexPacket('01 0a FF')).toEqual([1, 10, 255]);
    expect(() => parseHexPacket('01 03 ')).toThrow();
  });
});

describe('extraction from real Modbus frames', () => {
  // Reply of slave 1 to "read 2 holding registers": 00 FA (25.0 °C ×10) and FF 38 (-20.0 as int16 ×10).
  const reply = withCrc(parseHexPacket('01 03 04 00 FA FF 38'));
  const e = (over: Partial<Extraction>): Extraction => ({ key: 'v', extractType: 2, unit: 4, offset: 3, size: 2, dataLength: 'uint', ...over });

  it('unsigned and signed integers of 1, 2 and 4 bytes', () => {
    expect(crcValid(reply)).toBe(true);
    expect(extractValue(reply, e({ extractType: 1 }))).toBe(250);
    expect(extractValue(reply, e({ extractType: 1, offset: 5, dataLength: 'int' }))).toBe(-200);
    expect(extractValue(reply, e({ extractType: 1, offset: 5, dataLength: 'uint' }))).toBe(65336);
    expect(extractValue(reply, e({ extractType: 1, size: 1, offset: 4 }))).toBe(250);
    expect(extractValue(reply, e({ extractType: 1, size: 4, dataLength: 'uint' }))).toBe(0x00faff38);
  });

  it('divisor and decimal places', () => {
    expect(extractValue(reply, e({ divisor: 10, decimalPlaces: 1 }))).toBe(25);
    expect(extractValue(reply, e({ offset: 5, dataLength: 'int', divisor: 3, decimalPlaces: 2 }))).toBe(-66.67);
  });

  it('single and double floats, with and without word swap', () => {
    const float = withCrc([2, 4, 4, 0x41, 0xc8, 0x00, 0x00]); // 25.0
    expect(extractValue(float, e({ size: 4, dataLength: 'float32', decimalPlaces: 2 }))).toBe(25);
    const swapped = withCrc([2, 4, 4, 0x00, 0x00, 0x41, 0xc8]);
    expect(extractValue(swapped, e({ size: 4, dataLength: 'float32', wordSwap: true }))).toBe(25);
    const double = new Uint8Array(new Float64Array([-1234.5678]).buffer).reverse();
    expect(extractValue(withCrc([3, 3, 8, ...double]), e({ size: 8, dataLength: 'float64', decimalPlaces: 3 }))).toBe(-1234.568);
  });

  it('bits, strings and timestamps', () => {
    const status = withCrc([1, 2, 1, 0b0000_0101]);
    expect(extractValue(status, e({ unit: 3, extractType: 1, bit: 0 }))).toBe(1);
    expect(extractValue(status, e({ unit: 3, extractType: 1, bit: 1 }))).toBe(0);
    expect(extractValue(status, e({ unit: 3, extractType: 1, bit: 2 }))).toBe(1);
    const text = withCrc([1, 3, 4, 0x44, 0x54, 0x55, 0x00]);
    expect(extractValue(text, e({ extractType: 3, size: 4 }))).toBe('DTU');
    const ts = withCrc([1, 3, 4, 0x69, 0x20, 0x3e, 0x80]);
    expect(extractValue(ts, e({ extractType: 4, size: 4, dataLength: 'uint' }))).toBe(0x69203e80);
    expect(() => extractValue(text, e({ offset: 40 }))).toThrow(RangeError);
  });
});

describe('example flow documents', () => {
  it.each(examples)('%s passes at its minimum firmware and fails just below when gated', (file) => {
    const doc = load(file);
    const check = checkFlow(doc, doc.minFirmware);
    expect(check.errors).toEqual([]);
    const [major, minor, patch] = doc.minFirmware.split('.').map(Number) as [number, number, number];
    const below = checkFlow(doc, `${major}.${minor}.${patch - 1}`);
    expect(below.errors.map((e) => e.key)).toContain('flow.firmware.tooOld');
  });

  it('together use every node kind, timeout handling and three links', () => {
    const docs = examples.map(load);
    const kinds = new Set(docs.flatMap((d) => d.nodes.map((n) => n.kind)));
    expect([...kinds].sort()).toEqual(['edgeCompute', 'httpRequest', 'mqttPublish', 'mqttSubscribe', 'passthrough', 'serialRx', 'serialTx', 'start', 'timestamp', 'wait'].sort());
    expect(docs.some((d) => d.nodes.some((n) => n.kind === 'serialRx' && n.timeout))).toBe(true);
    expect(docs.some((d) => d.links.length === 3)).toBe(true);
  });

  it('the serial TX packets of the examples carry a correct CRC', () => {
    for (const doc of examples.map(load)) {
      for (const node of doc.nodes) {
        if (node.kind === 'serialTx' && !node.appendCrc) {
          expect(crcValid(parseHexPacket(node.packet)), node.packet).toBe(true);
        }
      }
    }
  });
});

/** A valid minimal flow to break one rule at a time. */
function base(): FlowDocument {
  return structuredClone(load('modbus-temperature-loop.json'));
}
const keys = (doc: unknown, firmware = '9.9.9') => checkFlow(doc, firmware).errors.map((e) => e.key);

describe('flow rules, one invalid document each', () => {
  it('node names: required, at most 20, allowed characters, unique', () => {
    const doc = base();
    doc.nodes[1]!.name = '';
    expect(keys(doc)).toContain('flow.name.required');
    doc.nodes[1]!.name = '一二三四五六七八九十一二三四五六七八九十一';
    expect(keys(doc)).toContain('flow.name.tooLong');
    doc.nodes[1]!.name = 'a b';
    expect(keys(doc)).toContain('flow.name.pattern');
    doc.nodes[1]!.name = 'Node-1~二';
    expect(keys(doc)).not.toContain('flow.name.pattern');
    doc.nodes[1]!.name = '等待';
    expect(keys(doc)).toContain('flow.name.duplicate');
  });

  it('topics: required, ASCII, at most 100', () => {
    const doc = base();
    const publish = doc.nodes.find((n) => n.kind === 'mqttPublish')!;
    if (publish.kind !== 'mqttPublish') {
      throw new Error();
    }
    publish.topic = '';
    expect(keys(doc)).toContain('flow.topic.required');
    publish.topic = '主题';
    expect(keys(doc)).toContain('flow.topic.ascii');
    publish.topic = 'a'.repeat(101);
    expect(keys(doc)).toContain('flow.topic.tooLong');
  });

  it('links: address, port, username, password, client id, at most 3, none unused', () => {
    const doc = base();
    const link = doc.links[0]!;
    const cases: [Partial<typeof link>, string][] = [
      [{ address: '' }, 'flow.link.addressRequired'],
      [{ address: '300.1.1.1' }, 'flow.link.addressInvalid'],
      [{ address: 'a'.repeat(200) }, 'flow.link.addressTooLong'],
      [{ port: 0 }, 'flow.link.portInvalid'],
      [{ port: 70000 }, 'flow.link.portInvalid'],
      [{ port: '' }, 'flow.link.portInvalid'],
      [{ username: '' }, 'flow.link.usernameRequired'],
      [{ username: '用户' }, 'flow.link.usernameAscii'],
      [{ username: 'u'.repeat(100) }, 'flow.link.usernameTooLong'],
      [{ password: '' }, 'flow.link.passwordRequired'],
      [{ password: 'p'.repeat(51) }, 'flow.link.passwordTooLong'],
      [{ clientId: '' }, 'flow.link.clientIdRequired'],
      [{ clientId: 'c'.repeat(51) }, 'flow.link.clientIdTooLong'],
    ];
    for (const [change, key] of cases) {
      const copy = base();
      Object.assign(copy.links[0]!, change);
      expect(keys(copy), key).toContain(key);
    }
    expect(keys(base())).toEqual([]);
    const four = base();
    for (const id of ['b', 'c', 'd']) {
      four.links.push({ ...link, id });
    }
    expect(keys(four)).toEqual(expect.arrayContaining(['flow.link.tooMany', 'flow.link.unused']));
  });

  it('timeout handling: firmware 1.3.1, next only MQTT publish or HTTP, message 100, body 200 without semicolon', () => {
    expect(keys(base(), '1.3.0')).toContain('flow.firmware.tooOld');
    const next = base();
    const rx = next.nodes.find((n) => n.kind === 'serialRx')!;
    if (rx.kind !== 'serialRx' || !rx.timeout) {
      throw new Error();
    }
    rx.timeout.next = 'pause';
    expect(keys(next)).toContain('flow.timeout.next');
    rx.timeout.next = 'alarm';
    rx.timeout.message = 'm'.repeat(101);
    expect(keys(next)).toContain('flow.timeout.messageTooLong');
    rx.timeout.message = 'ok';
    rx.timeout.body = 'x'.repeat(201);
    expect(keys(next)).toContain('flow.body.tooLong');
    rx.timeout.body = 'a;b';
    expect(keys(next)).toContain('flow.body.semicolon');
    rx.timeout.body = '';
    expect(keys(next)).toContain('flow.body.required');
  });

  it('bodies reference only existing stored nodes', () => {
    const doc = base();
    const publish = doc.nodes.find((n) => n.id === 'publish')!;
    if (publish.kind !== 'mqttPublish') {
      throw new Error();
    }
    publish.body = '{"v":{{已删除}}}';
    const check = checkFlow(doc, '9.9.9');
    expect(check.errors[0]).toMatchObject({ key: 'flow.body.storageNodeDeleted', params: { name: '已删除' }, nodeId: 'publish' });
    expect(flowMessage(check.errors[0]!, 'en-US')).toBe('The storage node has been deleted: 已删除');
  });

  it('divisor cannot be 0; decimal places 0–3; retries at most 3', () => {
    const doc = base();
    const rx = doc.nodes.find((n) => n.kind === 'serialRx')!;
    if (rx.kind !== 'serialRx') {
      throw new Error();
    }
    rx.extractions[0]!.divisor = 0;
    rx.extractions[1]!.decimalPlaces = 4;
    rx.retries = 4;
    expect(keys(doc)).toEqual(expect.arrayContaining(['flow.rx.divisorZero', 'flow.rx.decimalPlaces', 'flow.rx.retries']));
  });

  it('conditions: at least one filled judgment; values numeric and packets hex for conditions one and two', () => {
    const doc = load('three-links-edge.json');
    const edge = doc.nodes.find((n) => n.kind === 'edgeCompute')!;
    if (edge.kind !== 'edgeCompute') {
      throw new Error();
    }
    edge.conditions = [{}, {}];
    expect(keys(doc)).toContain('flow.condition.required');
    edge.conditions = [{ operator: '>', value: 'abc' }, { operator: '<', value: 1, packet: '0102' }];
    const check = checkFlow(doc, '9.9.9');
    expect(check.errors.map((e) => [e.key, e.params?.index])).toEqual(
      expect.arrayContaining([
        ['flow.condition.value', 1],
        ['flow.condition.packet', 2],
      ]),
    );
  });

  it('hex packets are checked on serial TX', () => {
    const doc = base();
    const tx = doc.nodes.find((n) => n.kind === 'serialTx')!;
    if (tx.kind !== 'serialTx') {
      throw new Error();
    }
    tx.packet = '01 03 ';
    expect(keys(doc)).toContain('flow.hex.invalid');
  });

  it('firmware gates: timestamp 1.3.2, HTTP and edge computing 1.3.3, certificates and HEX number 1.3.4', () => {
    expect(checkFlow(base(), '1.3.1').errors.map((e) => e.params?.feature)).toEqual(['timestamp']);
    const features = checkFlow(load('three-links-edge.json'), '1.3.2').errors.map((e) => e.params?.feature);
    expect(features.sort()).toEqual(['edgeCompute', 'httpRequest', 'linkCertificate', 'passthroughHexNumber'].sort());
    expect(checkFlow(load('three-links-edge.json'), '1.3.3').errors.map((e) => e.params?.feature).sort()).toEqual(['linkCertificate', 'passthroughHexNumber']);
    expect(compareFirmware('1.3.10', '1.3.4')).toBeGreaterThan(0);
  });

  it('configuration content that is too long is refused', () => {
    const doc = base();
    doc.nodes.push({ id: 'big', kind: 'wait', name: '大', ms: 1, ...{ padding: 'x'.repeat(flowConfigMaxBytes) } } as FlowDocument['nodes'][number]);
    const check = checkFlow(doc, '9.9.9');
    expect(check.errors.map((e) => e.key)).toContain('flow.config.tooLong');
    expect(flowMessage({ key: 'flow.config.tooLong' }, 'en-US')).toBe('The configuration content is too long, please delete unnecessary configurations');
  });

  it('a loop without a wait at its end is a warning, not an error', () => {
    const doc = base();
    doc.edges = doc.edges.filter((e) => e.to !== 'pause');
    doc.nodes = doc.nodes.filter((n) => n.id !== 'pause');
    const check = checkFlow(doc, '9.9.9');
    expect(check.errors).toEqual([]);
    expect(check.warnings.map((w) => w.key)).toEqual(['flow.warn.loopWait']);
    expect(checkFlow(base(), '9.9.9').warnings).toEqual([]);
  });

  it('an empty canvas (only Start, in a loop) gets no advice to add a wait', () => {
    const doc = base();
    doc.startMode = { kind: 'loop', intervalMs: 60_000 };
    doc.nodes = doc.nodes.filter((n) => n.kind === 'start');
    doc.edges = [];
    doc.links = [];
    expect(checkFlow(doc, '9.9.9').warnings.map((w) => w.key)).not.toContain('flow.warn.loopWait');
  });

  it('a node Start never reaches is a warning naming it; a timeout next node is reached', () => {
    const doc = base();
    doc.edges = doc.edges.filter((e) => e.to !== 'publish' && e.from !== 'publish');
    const check = checkFlow(doc, '9.9.9');
    expect(check.errors).toEqual([]);
    const unreachable = check.warnings.filter((w) => w.key === 'flow.warn.unreachable');
    expect(unreachable.map((w) => w.nodeId).sort()).toEqual(['pause', 'publish']);
    expect(flowMessage(unreachable[0]!, 'zh-CN')).toMatch(/^节点“.+”未连接到开始节点，不会执行$/);
    expect(checkFlow(base(), '9.9.9').warnings.some((w) => w.nodeId === 'alarm')).toBe(false);
  });
});

describe('flow-graph rules while drawing', () => {
  const doc = base();
  const g = { nodes: doc.nodes, edges: [{ from: 'start', to: 'ask' }, { from: 'ask', to: 'parse' }] };

  it('refuses each illegal connection with its message', () => {
    expect(connectionProblem(g, 'ask', 'parse')).toBe('flow.edge.exists');
    expect(flowMessage({ key: 'flow.edge.exists' }, 'zh-CN')).toBe('该连线关系已存在,不允许重复创建');
    expect(connectionProblem(g, 'parse', 'ask')).toBe('flow.edge.loop');
    expect(connectionProblem(g, 'stamp', 'stamp')).toBe('flow.edge.self');
    expect(connectionProblem(g, 'stamp', 'start')).toBe('flow.edge.toStart');
    expect(connectionProblem(g, 'start', 'stamp')).toBe('flow.edge.startOne');
    expect(connectionProblem(g, 'ask', 'stamp')).toBe('flow.edge.oneOut');
    expect(connectionProblem(g, 'stamp', 'ask')).toBe('flow.edge.oneIn');
    expect(connectionProblem({ nodes: doc.nodes, edges: [] }, 'stamp', 'parse')).toBe('flow.edge.rxAfterTx');
    expect(connectionProblem(g, 'parse', 'stamp')).toBeNull();
  });

  it('refuses a connection that closes a loop of three or more nodes', () => {
    const chain = { nodes: doc.nodes, edges: [{ from: 'stamp', to: 'publish' }, { from: 'publish', to: 'pause' }] };
    expect(connectionProblem(chain, 'pause', 'stamp')).toBe('flow.edge.cycle');
    expect(flowMessage({ key: 'flow.edge.cycle' }, 'zh-CN')).toBe('连线不能形成闭环');
    expect(connectionProblem(chain, 'pause', 'alarm')).toBeNull();
    const closed = base();
    closed.edges = [{ from: 'stamp', to: 'publish' }, { from: 'publish', to: 'pause' }, { from: 'pause', to: 'stamp' }];
    expect(keys(closed)).toContain('flow.edge.cycle');
  });

  it('MQTT subscribe connections cannot be deleted; creation stops at the node maximum', () => {
    const edge = load('three-links-edge.json');
    expect(edgeDeletionProblem(edge, { from: 'start', to: 'command' })).toBe('flow.edge.subscribeFixed');
    expect(edgeDeletionProblem(edge, { from: 'ask', to: 'parse' })).toBeNull();
    const full = { nodes: [{ id: 'start', kind: 'start' as const, name: 's' }, ...Array.from({ length: flowNodeMax }, (_, i) => ({ id: `w${i}`, kind: 'wait' as const, name: `w${i}`, ms: 1 }))] };
    expect(nodeCreationProblem(full)).toBe('flow.node.limit');
    expect(flowMessage({ key: 'flow.node.limit' }, 'zh-CN')).toBe('您创建节点数已达上限！');
    expect(nodeCreationProblem({ nodes: full.nodes.slice(0, -1) })).toBeNull();
  });

  it('a drawn document with an illegal edge fails the whole check', () => {
    const bad = base();
    bad.edges.push({ from: 'start', to: 'stamp' });
    expect(keys(bad)).toContain('flow.edge.startOne');
  });
});
