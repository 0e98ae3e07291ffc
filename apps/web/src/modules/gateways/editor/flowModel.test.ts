import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFlow, flowMessage, flowNodeMax, type FlowDocument } from '@smartdata/domain';
import { addNode, connect, deleteSelection, edgeKey, emptyFlow, layoutFlow, nextNodeName, parseFlowJson, storedReferences } from './flowModel';
import { historyReducer } from './useFlowHistory';
import { certificateTextProblem } from './certificate';

const examplesDir = fileURLToPath(new URL('../../../../../../examples/flows/', import.meta.url));

/** Start → serial TX → RX parser → MQTT publish, drawn through the editor's own operations. */
function drawn(): FlowDocument {
  let doc = emptyFlow();
  doc = { ...doc, links: [{ id: 'link1', address: '127.0.0.1', port: 1883, username: 'u', password: 'p', clientId: 'c' }] };
  for (const kind of ['serialTx', 'serialRx', 'mqttPublish'] as const) {
    const result = addNode(doc, kind, kind);
    if (!result.ok) {throw new Error(result.problem.key);}
    doc = result.doc;
  }
  for (const [from, to] of [
    ['start', 'serialTx1'],
    ['serialTx1', 'serialRx1'],
    ['serialRx1', 'mqttPublish1'],
  ] as const) {
    const result = connect(doc, from, to);
    if (!result.ok) {throw new Error(result.problem.key);}
    doc = result.doc;
  }
  return doc;
}

describe('creation guard', () => {
  it('creates nodes with unique ids and names and the first link preselected', () => {
    const doc = drawn();
    expect(doc.nodes.map((n) => n.id)).toEqual(['start', 'serialTx1', 'serialRx1', 'mqttPublish1']);
    const again = addNode(doc, 'serialTx', 'serialTx');
    expect(again.ok && again.doc.nodes.at(-1)).toMatchObject({ id: 'serialTx2', name: 'serialTx-2' });
    expect(doc.nodes.find((n) => n.id === 'mqttPublish1')).toMatchObject({ linkId: 'link1' });
    expect(nextNodeName(doc, '等待')).toBe('等待');
  });

  it('refuses the node after the maximum with 您创建节点数已达上限！ and leaves the document as it was', () => {
    let doc = emptyFlow();
    for (let i = 0; i < flowNodeMax; i += 1) {
      const result = addNode(doc, 'wait', '等待');
      expect(result.ok).toBe(true);
      if (result.ok) {doc = result.doc;}
    }
    const refused = addNode(doc, 'wait', '等待');
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(flowMessage(refused.problem, 'zh-CN')).toBe('您创建节点数已达上限！');
      expect(flowMessage(refused.problem, 'en-US')).toBe('You have reached the maximum number of nodes created');
    }
    expect(doc.nodes).toHaveLength(flowNodeMax + 1);
  });
});

describe('connection guard', () => {
  const refusal = (doc: FlowDocument, from: string, to: string) => {
    const result = connect(doc, from, to);
    return result.ok ? null : flowMessage(result.problem, 'zh-CN');
  };

  it('draws the example chain and passes the full check', () => {
    const doc = drawn();
    expect(doc.edges.map(edgeKey)).toEqual(['start->serialTx1', 'serialTx1->serialRx1', 'serialRx1->mqttPublish1']);
  });

  it('refuses a duplicate connection with the spec text', () => {
    expect(refusal(drawn(), 'start', 'serialTx1')).toBe('该连线关系已存在,不允许重复创建');
  });

  it('refuses every other illegal connection with its message', () => {
    let doc = drawn();
    const wait = addNode(doc, 'wait', '等待');
    if (!wait.ok) {throw new Error();}
    doc = wait.doc;
    expect(refusal(doc, 'wait1', 'wait1')).toBe('节点不能连接自身');
    expect(refusal(doc, 'wait1', 'start')).toBe('不能连接到开始节点');
    expect(refusal(doc, 'serialTx1', 'start')).toBe('两个节点之间不能形成回路');
    expect(refusal(doc, 'serialTx1', 'wait1')).toBe('一个节点不能连接多个节点');
    expect(refusal(doc, 'start', 'wait1')).toBe('开始节点只能连接一个节点');
    expect(refusal(doc, 'wait1', 'serialTx1')).toBe('多个节点不能连接同一个节点');
    expect(refusal(doc, 'serialRx1', 'serialTx1')).toBe('两个节点之间不能形成回路');
    const rx = addNode(doc, 'serialRx', 'rx');
    if (!rx.ok) {throw new Error();}
    expect(refusal(rx.doc, 'wait1', 'serialRx2')).toBe('串口接收解析之前只能是串口发送报文');
    expect(refusal(rx.doc, 'mqttPublish1', 'wait1')).toBeNull();
  });

  it('never changes the document when it refuses', () => {
    const doc = drawn();
    const result = connect(doc, 'start', 'serialTx1');
    expect(result.ok).toBe(false);
    expect(doc.edges).toHaveLength(3);
  });
});

describe('deletion guard', () => {
  it('removes a node with its connections and empties timeout handling pointing to it', () => {
    let doc = drawn();
    doc = { ...doc, nodes: doc.nodes.map((n) => (n.kind === 'serialRx' ? { ...n, timeout: { next: 'mqttPublish1', message: '', body: 'x' } } : n)) };
    const result = deleteSelection(doc, ['mqttPublish1'], []);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.doc.nodes.map((n) => n.id)).toEqual(['start', 'serialTx1', 'serialRx1']);
      expect(result.doc.edges.map(edgeKey)).toEqual(['start->serialTx1', 'serialTx1->serialRx1']);
      expect(result.doc.nodes.find((n) => n.id === 'serialRx1')).toMatchObject({ timeout: { next: '' } });
      expect(checkFlow(result.doc, '1.3.4').errors.map((e) => e.key)).toContain('flow.timeout.next');
    }
  });

  it('refuses deleting Start alone and a connection of an MQTT subscribe node', () => {
    const start = deleteSelection(drawn(), ['start'], []);
    expect(start.ok ? null : start.problem.key).toBe('flow.start.fixed');
    let doc = emptyFlow();
    const sub = addNode(doc, 'mqttSubscribe', 'sub');
    if (!sub.ok) {throw new Error();}
    const linked = connect(sub.doc, 'start', 'mqttSubscribe1');
    if (!linked.ok) {throw new Error();}
    doc = linked.doc;
    const refused = deleteSelection(doc, [], ['start->mqttSubscribe1']);
    expect(refused.ok ? null : flowMessage(refused.problem, 'zh-CN')).toBe('MQTT 订阅的连线不能删除');
    // Deleting the subscribe node itself takes its connection with it.
    const gone = deleteSelection(doc, ['mqttSubscribe1'], ['start->mqttSubscribe1']);
    expect(gone.ok && gone.doc.edges).toEqual([]);
  });

  it('deletes an ordinary connection', () => {
    const result = deleteSelection(drawn(), [], ['serialRx1->mqttPublish1']);
    expect(result.ok && result.doc.edges.map(edgeKey)).toEqual(['start->serialTx1', 'serialTx1->serialRx1']);
  });
});

describe('full check of drawn documents', () => {
  it('a loop without a wait at its end is a warning, with one it is not', () => {
    let doc = drawn();
    doc = {
      ...doc,
      nodes: doc.nodes.map((n) => (n.kind === 'mqttPublish' ? { ...n, topic: 'sd/x/up', body: '{"v":1}' } : n.kind === 'serialRx' ? { ...n, extractions: [{ key: 't', extractType: 2, unit: 4, offset: 3, size: 2, dataLength: 'int' }] } : n)),
    };
    const first = checkFlow(doc, '1.3.0');
    expect(first.errors).toEqual([]);
    expect(first.warnings.map((w) => flowMessage(w, 'zh-CN'))).toEqual(['建议在循环的末尾添加等待节点']);
    const wait = addNode(doc, 'wait', '等待');
    if (!wait.ok) {throw new Error();}
    const ended = connect(wait.doc, 'mqttPublish1', 'wait1');
    expect(ended.ok && checkFlow(ended.doc, '1.3.0').warnings).toEqual([]);
  });

  it('lists every reason of a broken document', () => {
    const doc = drawn();
    const keys = checkFlow(doc, '1.3.0').errors.map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining(['flow.topic.required', 'flow.body.required']));
  });

  it('offers the stored references that bodies may use', () => {
    const doc = drawn();
    expect(storedReferences(doc)).toEqual(['{{serialRx}}']);
  });
});

describe('import', () => {
  it('loads every shipped example, which passes the check at its firmware', () => {
    const files = readdirSync(examplesDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const text = readFileSync(examplesDir + file, 'utf8');
      const result = parseFlowJson(text);
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(checkFlow(result.doc, JSON.parse(text).minFirmware).errors).toEqual([]);
        const positions = layoutFlow(result.doc);
        expect(Object.keys(positions).sort()).toEqual(result.doc.nodes.map((n) => n.id).sort());
        expect(new Set(Object.values(positions).map((p) => `${p.x},${p.y}`)).size).toBe(result.doc.nodes.length);
      }
    }
  });

  it('refuses text that is not JSON or not a flow document', () => {
    const notJson = parseFlowJson('{nope');
    expect(notJson.ok ? null : notJson.problem.key).toBe('flow.document.invalid');
    const wrongKind = parseFlowJson(JSON.stringify({ ...emptyFlow(), nodes: [{ id: 'x', kind: 'laser', name: 'x' }] }));
    expect(wrongKind.ok ? null : wrongKind.problem.params?.path).toBe('nodes.0.kind');
  });
});

describe('undo history', () => {
  it('undoes structural changes one by one and typing in one field as one step', () => {
    const a = emptyFlow();
    const b = { ...a, edges: [] };
    const c1 = { ...b, serial: { ...b.serial, portName: 'C' } };
    const c2 = { ...b, serial: { ...b.serial, portName: 'CO' } };
    let state = { past: [], present: a, future: [], group: null } as Parameters<typeof historyReducer>[0];
    state = historyReducer(state, { type: 'set', doc: b });
    state = historyReducer(state, { type: 'set', doc: c1, group: 'serial' });
    state = historyReducer(state, { type: 'set', doc: c2, group: 'serial' });
    expect(state.past).toHaveLength(2);
    state = historyReducer(state, { type: 'undo' });
    expect(state.present).toBe(b);
    state = historyReducer(state, { type: 'redo' });
    expect(state.present).toBe(c2);
  });
});

describe('certificate check before upload', () => {
  const pem = `-----BEGIN CERTIFICATE-----\n${'MIIBszCCAVmgAwIBAgIUQ'.repeat(6)}\n-----END CERTIFICATE-----\n`;
  it('accepts PEM and DER X.509 in .ctr, .pem, .cer', () => {
    expect(certificateTextProblem('ca.pem', new TextEncoder().encode(pem))).toBeNull();
    expect(certificateTextProblem('ca.CTR', new TextEncoder().encode(pem))).toBeNull();
    expect(certificateTextProblem('ca.cer', new Uint8Array([0x30, 0x82, 0x01, 0xb3, ...new Array(100).fill(1)]))).toBeNull();
  });
  it('refuses other extensions and content', () => {
    expect(certificateTextProblem('ca.txt', new TextEncoder().encode(pem))).toBe('extension');
    expect(certificateTextProblem('ca.pem', new TextEncoder().encode('hello'))).toBe('notX509');
  });
});
