import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  dataLengths,
  formatHexPacket,
  isHexPacket,
  limits,
  nodeNameProblem,
  parseHexPacket,
  storingKinds,
  timeoutNextKinds,
  topicProblem,
  withCrc,
  crc16Modbus,
  flowLimits,
  flowMessage,
  type FlowDocument,
  type FlowNode,
  type FlowProblem,
} from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { storedReferences } from './flowModel';

type NodeOf<K extends FlowNode['kind']> = Extract<FlowNode, { kind: K }>;
type Extraction = NodeOf<'serialRx'>['extractions'][number];

interface NodePropertiesProps {
  doc: FlowDocument;
  node: FlowNode;
  problems: FlowProblem[];
  onChange: (node: FlowNode) => void;
  onConnectNext: (to: string) => void;
  onDisconnectNext: () => void;
  onDelete: () => void;
}

/** The property panel of the selected node: every property the spec names for its kind. */
export function NodeProperties({ doc, node, problems, onChange, onConnectNext, onDisconnectNext, onDelete }: NodePropertiesProps) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const text = (key: string | null) => (key ? flowMessage({ key }, locale) : undefined);
  const set = <N extends FlowNode>(patch: Partial<N>) => onChange({ ...node, ...patch });
  const nextEdge = doc.edges.find((e) => e.from === node.id);
  const others = doc.nodes.filter((n) => n.id !== node.id && n.kind !== 'start');
  const linkOptions = doc.links.map((l) => ({ value: l.id, label: `${l.id} · ${l.address}:${l.port}` }));
  const references = storedReferences(doc);

  const bodyField = (value: string, onBody: (body: string) => void, label = t('props.body'), max?: number) => (
    <Form.Item label={label} extra={references.length > 0 && <ReferenceTags references={references} onPick={(r) => onBody(`${value}${r}`)} />}>
      <Input.TextArea aria-label={label} value={value} rows={3} maxLength={max} showCount={max !== undefined} onChange={(e) => onBody(e.target.value)} placeholder='{"value":{{name.key}}}' />
    </Form.Item>
  );

  return (
    <Form layout="vertical" size="small" className="sd-flow-props" onSubmitCapture={(e) => e.preventDefault()}>
      <Typography.Title level={5} className="sd-flow-props__title">
        {t(`kinds.${node.kind}`)}
        <Typography.Text type="secondary" className="sd-flow-props__id">
          {node.id}
        </Typography.Text>
      </Typography.Title>
      {node.kind !== 'start' && (
        <Form.Item label={t('props.name')} validateStatus={nodeNameProblem(node.name) ? 'error' : undefined} help={text(nodeNameProblem(node.name))}>
          <Input aria-label={t('props.name')} value={node.name} maxLength={limits.nodeNameLength + 5} onChange={(e) => set({ name: e.target.value })} />
        </Form.Item>
      )}

      {node.kind === 'serialTx' && <SerialTxFields node={node} onChange={onChange} />}
      {node.kind === 'serialRx' && <SerialRxFields doc={doc} node={node} onChange={onChange} bodyField={bodyField} />}
      {(node.kind === 'mqttPublish' || node.kind === 'mqttSubscribe') && (
        <>
          <Form.Item label={t('props.topic')} validateStatus={topicProblem(node.topic) ? 'error' : undefined} help={text(topicProblem(node.topic))}>
            <Input aria-label={t('props.topic')} value={node.topic} onChange={(e) => set({ topic: e.target.value })} placeholder="sd/SN/up/telemetry" />
          </Form.Item>
          <Form.Item label={t('props.link')} validateStatus={doc.links.some((l) => l.id === node.linkId) ? undefined : 'error'} help={doc.links.some((l) => l.id === node.linkId) ? undefined : doc.links.length === 0 ? t('props.noLinks') : text('flow.link.missing')}>
            <Select aria-label={t('props.link')} value={node.linkId || undefined} options={linkOptions} onChange={(linkId: string) => set({ linkId })} />
          </Form.Item>
          {node.kind === 'mqttPublish' && (
            <>
              <Form.Item label="QoS">
                <Radio.Group value={node.qos} onChange={(e) => set({ qos: e.target.value as 0 | 1 })} options={[{ value: 0, label: '0' }, { value: 1, label: '1' }]} />
              </Form.Item>
              {bodyField(node.body, (body) => set({ body }))}
            </>
          )}
        </>
      )}
      {node.kind === 'httpRequest' && (
        <>
          <Form.Item label={t('props.url')} validateStatus={/^https?:\/\/\S+$/.test(node.url) ? undefined : 'error'} help={/^https?:\/\/\S+$/.test(node.url) ? undefined : text('flow.http.url')}>
            <Space.Compact block>
              <Select aria-label={t('props.method')} value={node.method} style={{ width: 90 }} onChange={(method: 'GET' | 'POST') => set({ method })} options={[{ value: 'GET' }, { value: 'POST' }]} />
              <Input aria-label={t('props.url')} value={node.url} onChange={(e) => set({ url: e.target.value })} />
            </Space.Compact>
          </Form.Item>
          {bodyField(node.body, (body) => set({ body }))}
        </>
      )}
      {node.kind === 'wait' && (
        <Form.Item label={t('props.waitMs')}>
          <InputNumber aria-label={t('props.waitMs')} min={1} value={node.ms} onChange={(ms) => set({ ms: ms ?? 0 })} addonAfter="ms" style={{ width: '100%' }} />
        </Form.Item>
      )}
      {node.kind === 'timestamp' && (
        <Form.Item label={t('props.digits')} extra={t('props.firmwareNeeded', { version: '1.3.2' })}>
          <Radio.Group value={node.digits} onChange={(e) => set({ digits: e.target.value as 10 | 13 })} options={[{ value: 10, label: t('props.digits10') }, { value: 13, label: t('props.digits13') }]} />
        </Form.Item>
      )}
      {node.kind === 'passthrough' && (
        <Form.Item label={t('props.format')}>
          <Radio.Group value={node.format} onChange={(e) => set({ format: e.target.value as 'hexString' | 'hexNumber' })} options={[{ value: 'hexString', label: t('props.hexString') }, { value: 'hexNumber', label: t('props.hexNumber') }]} />
        </Form.Item>
      )}
      {node.kind === 'edgeCompute' && <EdgeComputeFields doc={doc} node={node} onChange={onChange} />}

      <Form.Item label={t('props.next')} extra={node.kind === 'mqttSubscribe' && nextEdge ? t('props.subscribeFixed') : undefined}>
        <Space.Compact block>
          <Select
            aria-label={t('props.next')}
            value={nextEdge?.to}
            placeholder={t('props.nextNone')}
            options={others.map((n) => ({ value: n.id, label: `${n.name} (${t(`kinds.${n.kind}`)})` }))}
            onChange={(to: string) => onConnectNext(to)}
          />
          {nextEdge && <Button onClick={onDisconnectNext}>{t('props.disconnect')}</Button>}
        </Space.Compact>
      </Form.Item>

      {problems.length > 0 && (
        <ul className="sd-flow-props__problems" aria-label={t('check.nodeProblems')}>
          {problems.map((p, index) => (
            <li key={index}>{flowMessage(p, locale)}</li>
          ))}
        </ul>
      )}
      {node.kind !== 'start' && (
        <Button danger block icon={<DeleteOutlined />} onClick={onDelete}>
          {t('props.deleteNode')}
        </Button>
      )}
    </Form>
  );
}

function ReferenceTags({ references, onPick }: { references: string[]; onPick: (reference: string) => void }) {
  const { t } = useTranslation('gateways');
  return (
    <span className="sd-flow-props__refs">
      {t('props.insert')}
      {references.map((r) => (
        <Tag key={r} className="sd-flow-props__ref" onClick={() => onPick(r)} role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && onPick(r)}>
          {r}
        </Tag>
      ))}
    </span>
  );
}

function SerialTxFields({ node, onChange }: { node: NodeOf<'serialTx'>; onChange: (node: FlowNode) => void }) {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  const valid = isHexPacket(node.packet);
  const crc = valid ? crc16Modbus(parseHexPacket(node.packet)) : null;
  return (
    <>
      <Form.Item label={t('props.packet')} validateStatus={valid ? undefined : 'error'} help={valid ? undefined : flowMessage({ key: 'flow.hex.invalid' }, locale)}>
        <Input.TextArea aria-label={t('props.packet')} value={node.packet} rows={2} className="sd-mono" onChange={(e) => onChange({ ...node, packet: e.target.value.toUpperCase() })} placeholder="01 03 00 00 00 02" />
      </Form.Item>
      <Form.Item extra={crc !== null ? t('props.crcValue', { crc: formatHexPacket([crc & 0xff, crc >>> 8]) }) : undefined}>
        <Space wrap>
          <Tooltip title={t('props.crcHint')}>
            <Button disabled={!valid} onClick={() => onChange({ ...node, packet: formatHexPacket(withCrc(parseHexPacket(node.packet))) })}>
              {t('props.crcButton')}
            </Button>
          </Tooltip>
          <Checkbox checked={node.appendCrc} onChange={(e) => onChange({ ...node, appendCrc: e.target.checked })}>
            {t('props.appendCrc')}
          </Checkbox>
        </Space>
      </Form.Item>
    </>
  );
}

type BodyField = (value: string, onBody: (body: string) => void, label?: string, max?: number) => React.ReactNode;

function SerialRxFields({ doc, node, onChange, bodyField }: { doc: FlowDocument; node: NodeOf<'serialRx'>; onChange: (node: FlowNode) => void; bodyField: BodyField }) {
  const { t } = useTranslation('gateways');
  const setExtraction = (index: number, patch: Partial<Extraction>) =>
    onChange({ ...node, extractions: node.extractions.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  const nextOptions = doc.nodes.filter((n) => timeoutNextKinds.includes(n.kind)).map((n) => ({ value: n.id, label: `${n.name} (${t(`kinds.${n.kind}`)})` }));
  return (
    <>
      <Space size="middle" wrap>
        <Form.Item label={t('props.rxTimeout')}>
          <InputNumber aria-label={t('props.rxTimeout')} min={1} value={node.timeoutMs} onChange={(v) => onChange({ ...node, timeoutMs: v ?? 1000 })} addonAfter="ms" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item label={t('props.retries')} tooltip={t('props.retriesHint')}>
          <InputNumber aria-label={t('props.retries')} min={0} max={limits.inquiryRetries} precision={0} value={node.retries} onChange={(v) => onChange({ ...node, retries: v ?? 0 })} style={{ width: 80 }} />
        </Form.Item>
      </Space>
      <Form.Item>
        <Checkbox checked={node.crc} onChange={(e) => onChange({ ...node, crc: e.target.checked })}>
          {t('props.rxCrc')}
        </Checkbox>
      </Form.Item>
      <Typography.Text strong>{t('props.extractions')}</Typography.Text>
      {node.extractions.map((e, index) => (
        <div key={index} className="sd-flow-extraction" aria-label={t('props.extraction', { index: index + 1 })}>
          <Space.Compact block>
            <Input aria-label={t('props.key')} value={e.key} placeholder={t('props.key')} onChange={(ev) => setExtraction(index, { key: ev.target.value })} status={e.key.trim() ? undefined : 'error'} />
            <Button aria-label={t('props.removeExtraction')} icon={<DeleteOutlined />} onClick={() => onChange({ ...node, extractions: node.extractions.filter((_, i) => i !== index) })} />
          </Space.Compact>
          <div className="sd-flow-extraction__grid">
            <label>
              {t('props.extractType')}
              <Select size="small" value={e.extractType} onChange={(v: 1 | 2 | 3 | 4) => setExtraction(index, { extractType: v })} options={[1, 2, 3, 4].map((v) => ({ value: v, label: t(`extractTypes.${v}`) }))} />
            </label>
            <label>
              {t('props.unit')}
              <Select size="small" value={e.unit} onChange={(v: 3 | 4) => setExtraction(index, { unit: v, ...(v === 3 ? { bit: e.bit ?? 0 } : {}) })} options={[{ value: 4, label: t('units.4') }, { value: 3, label: t('units.3') }]} />
            </label>
            <label>
              {t('props.offset')}
              <InputNumber size="small" min={0} precision={0} value={e.offset} onChange={(v) => setExtraction(index, { offset: v ?? 0 })} />
            </label>
            {e.unit === 3 ? (
              <label>
                {t('props.bit')}
                <InputNumber size="small" min={0} max={flowLimits.extractionBitMax} precision={0} value={e.bit ?? 0} onChange={(v) => setExtraction(index, { bit: v ?? 0 })} />
              </label>
            ) : (
              <label>
                {t('props.size')}
                <InputNumber size="small" min={1} max={flowLimits.extractionSizeMax} precision={0} value={e.size} onChange={(v) => setExtraction(index, { size: v ?? 2 })} />
              </label>
            )}
            <label>
              {t('props.dataLength')}
              <Select size="small" value={e.dataLength} onChange={(v: Extraction['dataLength']) => setExtraction(index, { dataLength: v })} options={dataLengths.map((v) => ({ value: v, label: t(`dataLengths.${v}`) }))} />
            </label>
            <label>
              {t('props.divisor')}
              <InputNumber size="small" value={e.divisor} status={e.divisor === 0 ? 'error' : undefined} onChange={(v) => setExtraction(index, { divisor: v ?? undefined })} />
            </label>
            <label>
              {t('props.decimalPlaces')}
              <Select size="small" allowClear value={e.decimalPlaces} onChange={(v?: number) => setExtraction(index, { decimalPlaces: v })} options={[0, 1, 2, 3].map((v) => ({ value: v, label: String(v) }))} />
            </label>
            <label className="sd-flow-extraction__check">
              <Checkbox checked={e.wordSwap ?? false} onChange={(ev) => setExtraction(index, { wordSwap: ev.target.checked })}>
                {t('props.wordSwap')}
              </Checkbox>
            </label>
          </div>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange({ ...node, extractions: [...node.extractions, { key: `value${node.extractions.length + 1}`, extractType: 2, unit: 4, offset: 3, size: 2, dataLength: 'uint' }] })}
      >
        {t('props.addExtraction')}
      </Button>

      <Form.Item label={t('props.timeoutHandling')} tooltip={t('props.firmwareNeeded', { version: '1.3.1' })} className="sd-flow-props__section">
        <Switch
          aria-label={t('props.timeoutHandling')}
          checked={node.timeout !== undefined}
          onChange={(on) => {
            if (on) {
              onChange({ ...node, timeout: { next: nextOptions[0]?.value ?? '', message: '', body: '' } });
            } else {
              const { timeout: _removed, ...rest } = node;
              void _removed;
              onChange(rest);
            }
          }}
        />
      </Form.Item>
      {node.timeout && (
        <>
          <Form.Item label={t('props.timeoutNext')} help={nextOptions.length === 0 ? t('props.timeoutNextNone') : undefined}>
            <Select aria-label={t('props.timeoutNext')} value={node.timeout.next || undefined} options={nextOptions} onChange={(next: string) => onChange({ ...node, timeout: { ...node.timeout!, next } })} />
          </Form.Item>
          <Form.Item label={t('props.timeoutMessage')}>
            <Input aria-label={t('props.timeoutMessage')} value={node.timeout.message} maxLength={limits.timeoutMessageLength} showCount onChange={(e) => onChange({ ...node, timeout: { ...node.timeout!, message: e.target.value } })} />
          </Form.Item>
          {bodyField(node.timeout.body, (body) => onChange({ ...node, timeout: { ...node.timeout!, body } }), t('props.timeoutBody'), limits.timeoutBodyLength)}
        </>
      )}
    </>
  );
}

function EdgeComputeFields({ doc, node, onChange }: { doc: FlowDocument; node: NodeOf<'edgeCompute'>; onChange: (node: FlowNode) => void }) {
  const { t } = useTranslation('gateways');
  const sources = doc.nodes.filter((n) => storingKinds.includes(n.kind) && n.id !== node.id).map((n) => ({ value: n.name, label: n.name }));
  type Condition = NodeOf<'edgeCompute'>['conditions'][number];
  const setCondition = (index: number, patch: Partial<Condition>) => onChange({ ...node, conditions: node.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <>
      <Form.Item label={t('props.source')}>
        <Select aria-label={t('props.source')} value={node.source || undefined} options={sources} onChange={(source: string) => onChange({ ...node, source })} />
      </Form.Item>
      {node.conditions.map((c, index) => (
        <Form.Item key={index} label={t('props.condition', { index: index + 1 })}>
          <Space.Compact block>
            <Select aria-label={t('props.operator')} value={c.operator} style={{ width: 70 }} onChange={(operator: Condition['operator']) => setCondition(index, { operator })} options={['>', '>=', '<', '<=', '==', '!='].map((v) => ({ value: v }))} />
            <Input aria-label={t('props.conditionValue', { index: index + 1 })} value={c.value === undefined ? '' : String(c.value)} placeholder={t('props.value')} onChange={(e) => setCondition(index, { value: e.target.value })} />
            <Button aria-label={t('props.removeCondition')} icon={<DeleteOutlined />} onClick={() => onChange({ ...node, conditions: node.conditions.filter((_, i) => i !== index) })} />
          </Space.Compact>
          <Input className="sd-mono sd-flow-props__packet" aria-label={t('props.conditionPacket', { index: index + 1 })} value={c.packet ?? ''} placeholder={t('props.conditionPacketHint')} status={c.packet && !isHexPacket(c.packet) ? 'error' : undefined} onChange={(e) => setCondition(index, { packet: e.target.value.toUpperCase() })} />
        </Form.Item>
      ))}
      {node.conditions.length < 2 && (
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange({ ...node, conditions: [...node.conditions, { operator: '<=', value: '' }] })}>
          {t('props.addCondition')}
        </Button>
      )}
    </>
  );
}
