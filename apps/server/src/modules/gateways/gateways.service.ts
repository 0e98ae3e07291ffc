import {
  checkFlow,
  newestFirmwareGate,
  flowDocumentSchema,
  limits,
  linkProblems,
  baudRates,
  type CertificateItem,
  type ConfigVersionItem,
  type DeviceItem,
  type FlowCheck,
  type FlowDocument,
  type FlowProblem,
  type GatewayConfig,
  type MqttLink,
  type Page,
  type SerialSettings,
  type UploadCertificateRequest,
} from '@smartdata/domain';
import { conflict, notFound } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { GatewayAnswers, GatewayDevices, LinkedDevice } from '../devices/gatewayDevices.port';
import { parseCertificate } from './certificates';
import { FlowRejected } from './flowRejected';
import type { CertificateRow, GatewaysRepository } from './gateways.repository';

const emptyFlow = (): FlowDocument => ({
  startMode: { kind: 'loop', intervalMs: 60_000 },
  nodes: [{ id: 'start', kind: 'start', name: '开始' }],
  edges: [],
  links: [],
  serial: { portName: 'COM1', baudRate: 9600, checkBit: 'none', dataBits: 8, stopBits: 1 },
});

/**
 * Gateway configuration (docs/devices.md): serial settings, MQTT links, certificates and the flow
 * document, checked by the rules of packages/domain before anything is saved or pushed; remote
 * config updates with versions (saved first, history, rollback) and config detection.
 */
export class GatewaysService implements GatewayAnswers {
  constructor(
    private readonly repository: GatewaysRepository,
    private readonly devices: GatewayDevices,
  ) {}

  /** Every rule of spec §5 for a gateway on `firmware`, plus certificates of the company. */
  async check(companyId: number | null, flow: unknown, firmware: string): Promise<FlowCheck> {
    const result = checkFlow(flow, firmware);
    if (result.errors.length === 0 && companyId !== null) {
      const doc = flowDocumentSchema.parse(flow);
      for (const link of doc.links) {
        if (link.cert?.certificateId !== undefined && !(await this.repository.certificate(companyId, link.cert.certificateId))) {
          result.errors.push({ key: 'cert.missing', linkId: link.id });
        }
      }
    }
    return result;
  }

  /** The editor's check: the warnings of a document that keeps every rule, else FlowRejected with every reason. */
  async checkOrReject(companyId: number | null, flow: unknown, firmware: string): Promise<FlowProblem[]> {
    const result = await this.check(companyId, flow, firmware);
    if (result.errors.length > 0) {
      throw new FlowRejected(result.errors, result.warnings);
    }
    return result.warnings;
  }

  private async checked(companyId: number, flow: unknown, firmware: string): Promise<{ doc: FlowDocument; warnings: FlowProblem[] }> {
    const result = await this.check(companyId, flow, firmware);
    if (result.errors.length > 0) {
      throw new FlowRejected(result.errors, result.warnings);
    }
    return { doc: flowDocumentSchema.parse(flow), warnings: result.warnings };
  }

  /** A device that never reported its firmware is checked against the newest gate. */
  private firmwareOf(device: LinkedDevice): string {
    return device.firmwareVersion ?? newestFirmwareGate;
  }

  /** The saved document of a gateway, its firmware and the version it applied last. */
  async getConfig(caller: CabinCaller, deviceId: number): Promise<GatewayConfig> {
    const device = await this.devices.requireDevice(caller, deviceId, 'read');
    const row = await this.repository.config(caller.companyId, device.id);
    return {
      deviceId: device.id,
      firmwareVersion: device.firmwareVersion,
      flow: row ? JSON.parse(row.flow) : null,
      savedAt: row ? Number(row.saved_at) : null,
      appliedVersion: row?.applied_version ?? null,
    };
  }

  /** Checks the whole document with the device's firmware, then saves it (no push). */
  async saveFlow(caller: CabinCaller, deviceId: number, flow: unknown): Promise<{ savedAt: number; warnings: FlowProblem[] }> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    const { doc, warnings } = await this.checked(caller.companyId, flow, this.firmwareOf(device));
    await this.repository.saveConfig(caller.companyId, device.id, JSON.stringify(doc), caller.userId);
    return { savedAt: Date.now(), warnings };
  }

  private async savedOrEmpty(companyId: number, deviceId: number): Promise<FlowDocument> {
    const row = await this.repository.config(companyId, deviceId);
    const parsed = row ? flowDocumentSchema.safeParse(JSON.parse(row.flow)) : undefined;
    return parsed?.success ? parsed.data : emptyFlow();
  }

  /** Serial settings alone (the rest of the saved document stays). */
  async saveSerial(caller: CabinCaller, deviceId: number, serial: SerialSettings): Promise<void> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    const problems: FlowProblem[] = [];
    if (serial.portName.trim() === '') {
      problems.push({ key: 'flow.serial.portName' });
    }
    if (!(baudRates as readonly number[]).includes(serial.baudRate)) {
      problems.push({ key: 'flow.serial.baudRate' });
    }
    if (problems.length > 0) {
      throw new FlowRejected(problems);
    }
    const doc = await this.savedOrEmpty(caller.companyId, device.id);
    await this.repository.saveConfig(caller.companyId, device.id, JSON.stringify({ ...doc, serial }), caller.userId);
  }

  /**
   * The links alone (at most 3, each valid, certificates of the company). Whether every link is
   * used by a node is a rule of the whole document, checked when the flow is saved or pushed.
   */
  async saveLinks(caller: CabinCaller, deviceId: number, links: MqttLink[]): Promise<void> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    const problems: FlowProblem[] = links.length > limits.mqttLinksMax ? [{ key: 'flow.link.tooMany', params: { max: limits.mqttLinksMax } }] : [];
    for (const link of links) {
      problems.push(...linkProblems(link));
      if (link.cert?.certificateId !== undefined && !(await this.repository.certificate(caller.companyId, link.cert.certificateId))) {
        problems.push({ key: 'cert.missing', linkId: link.id });
      }
    }
    if (problems.length > 0) {
      throw new FlowRejected(problems);
    }
    const doc = await this.savedOrEmpty(caller.companyId, device.id);
    await this.repository.saveConfig(caller.companyId, device.id, JSON.stringify({ ...doc, links }), caller.userId);
  }

  /**
   * Remote config update (spec §4): the saved document is checked against the device's firmware,
   * kept as a new version, then pushed; the device detects, applies and answers.
   */
  async pushConfig(caller: CabinCaller, deviceId: number): Promise<DeviceItem> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    const saved = await this.repository.config(caller.companyId, device.id);
    if (!saved) {
      throw conflict('device.config.none');
    }
    this.devices.requireReady(device, 'device.config.offline');
    this.devices.requireIdle(device);
    const { doc } = await this.checked(caller.companyId, JSON.parse(saved.flow), this.firmwareOf(device));
    const { version } = await this.repository.addVersion(caller.companyId, device.id, { reason: 'push', state: 'updating', flow: saved.flow, userId: caller.userId });
    return this.devices.startConfigPush(device, version, doc);
  }

  /** Config detection: the device checks the document (given, or the saved one) and answers. */
  async detect(caller: CabinCaller, deviceId: number, flow: unknown): Promise<DeviceItem> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    let source = flow;
    if (source === undefined) {
      const saved = await this.repository.config(caller.companyId, device.id);
      if (!saved) {
        throw conflict('device.config.none');
      }
      source = JSON.parse(saved.flow);
    }
    this.devices.requireReady(device, 'device.config.offline');
    this.devices.requireIdle(device);
    const { doc } = await this.checked(caller.companyId, source, this.firmwareOf(device));
    return this.devices.startDetection(device, doc);
  }

  /** Server-triggered execution (start mode `server`). */
  async run(caller: CabinCaller, deviceId: number): Promise<void> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    this.devices.requireReady(device, 'device.config.offline');
    await this.devices.runFlow(device);
  }

  /** A pushed version the device applied becomes the applied one; a refused one is marked failed. */
  async configAnswered(device: LinkedDevice, version: number | null, ok: boolean): Promise<void> {
    if (version === null) {
      return;
    }
    await this.repository.setVersionState(device.companyId, device.id, version, ok ? 'success' : 'failed');
    if (ok) {
      await this.repository.setApplied(device.companyId, device.id, version);
    }
  }

  /** A detection that passed: its document is saved as the current configuration, and kept as a version. */
  async detectionAnswered(device: LinkedDevice, flow: string | null, passed: boolean): Promise<void> {
    if (passed && flow) {
      await this.repository.saveConfig(device.companyId, device.id, flow, null);
      await this.repository.addVersion(device.companyId, device.id, { reason: 'detect', state: 'saved', flow, userId: null });
    }
  }

  /** A config push without an answer: its version is marked failed. */
  async configTimedOut(companyId: number, deviceId: number): Promise<void> {
    await this.repository.failUpdatingVersions(companyId, deviceId);
  }

  /** The configuration history of a gateway, newest first (documents left out). */
  async versions(caller: CabinCaller, deviceId: number, page: { pageNum: number; pageSize: number }): Promise<Page<ConfigVersionItem>> {
    const device = await this.devices.requireDevice(caller, deviceId, 'read');
    const { rows, total } = await this.repository.versions(caller.companyId, device.id, page);
    return {
      list: rows.map((r) => ({ id: r.id, version: r.version, reason: r.reason as ConfigVersionItem['reason'], state: r.state as ConfigVersionItem['state'], createdAt: Number(r.created_at), createdBy: r.created_by })),
      total,
    };
  }

  /** One version with its document; 40400 when the gateway has no such version. */
  async version(caller: CabinCaller, deviceId: number, version: number): Promise<ConfigVersionItem> {
    const device = await this.devices.requireDevice(caller, deviceId, 'read');
    const row = await this.repository.findVersion(caller.companyId, device.id, version);
    if (!row) {
      throw notFound('device.version.missing');
    }
    return { id: row.id, version: row.version, reason: row.reason as ConfigVersionItem['reason'], state: row.state as ConfigVersionItem['state'], createdAt: Number(row.created_at), createdBy: row.created_by, flow: JSON.parse(row.flow) };
  }

  /** Rollback: the current document is kept as a version first, then the chosen one becomes current (push it to apply). */
  async rollback(caller: CabinCaller, deviceId: number, version: number): Promise<GatewayConfig> {
    const device = await this.devices.requireDevice(caller, deviceId, 'readWrite');
    const target = await this.repository.findVersion(caller.companyId, device.id, version);
    if (!target) {
      throw notFound('device.version.missing');
    }
    const current = await this.repository.config(caller.companyId, device.id);
    if (current) {
      await this.repository.addVersion(caller.companyId, device.id, { reason: 'rollback', state: 'saved', flow: current.flow, userId: caller.userId });
    }
    await this.repository.saveConfig(caller.companyId, device.id, target.flow, caller.userId);
    return this.getConfig(caller, device.id);
  }

  // ---- certificates ----

  /** Parses and checks an uploaded link certificate, then keeps it for the company. */
  async uploadCertificate(caller: CabinCaller, request: UploadCertificateRequest): Promise<CertificateItem> {
    const parsed = parseCertificate(request);
    const id = await this.repository.insertCertificate({
      company_id: caller.companyId,
      file_name: request.fileName,
      pem: parsed.pem,
      subject: parsed.subject,
      issuer: parsed.issuer,
      valid_from: parsed.validFrom,
      valid_to: parsed.validTo,
      fingerprint256: parsed.fingerprint256,
      is_ca: parsed.isCa ? 1 : 0,
      self_signed: parsed.selfSigned ? 1 : 0,
      created_by: caller.userId,
    });
    return toCertificateItem((await this.repository.certificate(caller.companyId, id))!);
  }

  /** Certificates of the company, newest first. */
  async certificates(caller: CabinCaller): Promise<CertificateItem[]> {
    return (await this.repository.certificates(caller.companyId)).map(toCertificateItem);
  }

  /** Deletes a certificate no saved configuration of the company uses (40900 otherwise). */
  async deleteCertificate(caller: CabinCaller, id: number): Promise<void> {
    if (!(await this.repository.certificate(caller.companyId, id))) {
      throw notFound();
    }
    for (const config of await this.repository.configsMentioning(caller.companyId, id)) {
      const parsed = flowDocumentSchema.safeParse(JSON.parse(config.flow));
      if (parsed.success && parsed.data.links.some((l) => l.cert?.certificateId === id)) {
        throw conflict('cert.inUse');
      }
    }
    await this.repository.deleteCertificate(caller.companyId, id);
  }
}

function toCertificateItem(row: CertificateRow): CertificateItem {
  return {
    id: row.id,
    fileName: row.file_name,
    subject: row.subject,
    issuer: row.issuer,
    validFrom: Number(row.valid_from),
    validTo: Number(row.valid_to),
    fingerprint256: row.fingerprint256,
    isCa: row.is_ca === 1,
    selfSigned: row.self_signed === 1,
    createdAt: Number(row.created_at),
  };
}
