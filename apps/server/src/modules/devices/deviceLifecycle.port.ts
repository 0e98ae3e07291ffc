import {
  deviceMessage,
  documentMoveProblem,
  ErrorCode,
  isLifecycleStatus,
  lifecycleMoves,
  limits,
  type DeviceHistoryEntry,
  type LifecycleDocument,
  type LifecycleStatus,
  type Locale,
  type StockDocumentKind,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { AppError, validationError } from '@server/platform/errors';
import type { CabinCaller, CabinService } from '../cabin/cabin.service';
import type { DeviceItems } from './deviceItems';
import { DevicesRepository } from './devices.repository';
import { hashSecret } from './devices.service';
import { randomBytes } from 'node:crypto';

/** A device as production and inventory see it: the unit behind a serial. */
export interface StockDevice {
  id: number;
  sn: string;
  status: LifecycleStatus;
}

/** The document a lifecycle move belongs to (a ledger document of the inventory module). */
export interface MoveDocument {
  kind: StockDocumentKind;
  id: number;
}

/** A lifecycle move refused for one serial: 50001, `data` names the serial and the reason. */
export class LifecycleRefused extends AppError {
  constructor(
    readonly sn: string,
    readonly problem: string,
  ) {
    super(ErrorCode.validationFailed, problem);
  }

  override envelopeFields(locale: Locale): Record<string, unknown> {
    return { data: `${this.sn}: ${deviceMessage(this.problem, locale) ?? this.problem}` };
  }
}

/**
 * The port through which production and inventory drive the device lifecycle (issue 18): the
 * device table and its history stay the devices module's. Every call runs on the caller's
 * transaction `on`, so a document, its ledger rows and its devices' moves commit together; the
 * moves are the ones `lifecycleMoves` allows for the document. `changed` pushes the new states
 * to open pages once the transaction has committed.
 */
export interface DeviceLifecycle {
  /** Devices of the company by SN (case-insensitive), read on `on`. */
  findBySns(on: Db, companyId: number, sns: readonly string[]): Promise<StockDevice[]>;
  /**
   * Registers produced units, or new serials of a stock-in, as devices at status 0 (cabin nodes at
   * the root, named by their SN, model = the item's name; the creation row names the document,
   * production or stockIn); 50001 naming an SN already registered in any company.
   */
  create(on: Db, caller: CabinCaller, units: readonly { sn: string; model: string }[], document: MoveDocument): Promise<StockDevice[]>;
  /** Moves each device by `by`; a move `lifecycleMoves` does not allow is refused for the first such device. */
  move(on: Db, caller: CabinCaller, devices: readonly StockDevice[], by: LifecycleDocument, document: MoveDocument | null): Promise<void>;
  /** Pushes the devices' new states to the company's pages (after the commit). */
  changed(companyId: number, deviceIds: readonly number[]): Promise<void>;
  /** A device's lifecycle history, oldest first (40400 unless the caller may read it). */
  history(caller: CabinCaller, deviceId: number): Promise<DeviceHistoryEntry[]>;
}

/** The devices module's side of the port. */
export class DeviceLifecycleService implements DeviceLifecycle {
  constructor(
    private readonly repository: DevicesRepository,
    private readonly cabin: CabinService,
    private readonly items: DeviceItems,
    private readonly requireReadable: (caller: CabinCaller, id: number) => Promise<unknown>,
    /** devices.service's sealing: a broker re-sync creates these devices' accounts from it. */
    private readonly sealSecret: (sn: string, secret: string) => string,
  ) {}

  async findBySns(on: Db, companyId: number, sns: readonly string[]): Promise<StockDevice[]> {
    return (await DevicesRepository.in(on).findBySns(companyId, sns)).map((row) => ({ id: row.id, sn: row.sn, status: isLifecycleStatus(row.status) ? row.status : 0 }));
  }

  async create(on: Db, caller: CabinCaller, units: readonly { sn: string; model: string }[], document: MoveDocument): Promise<StockDevice[]> {
    const repository = DevicesRepository.in(on);
    const taken = new Set(await repository.snsTaken(units.map((unit) => unit.sn)));
    const first = units.find((unit) => taken.has(unit.sn.toLowerCase()));
    if (first) {
      throw validationError(`inventory.serial.registered|${first.sn}`);
    }
    const now = Date.now();
    const created: StockDevice[] = [];
    for (const unit of units) {
      // The secret is never shown here: rotateSecret on the device page hands one out.
      const secret = randomBytes(16).toString('hex');
      const { refId } = await this.cabin.createNode(
        caller,
        { kind: 'device', parentId: null, name: unit.sn.slice(-limits.generalNameLength) },
        (trx, nodeId) =>
          DevicesRepository.in(trx).insert({
            companyId: caller.companyId,
            nodeId,
            name: unit.sn.slice(-limits.generalNameLength),
            sn: unit.sn,
            model: unit.model.slice(0, 50),
            address: '',
            remarks: '',
            secretHash: hashSecret(secret),
            secretSealed: this.sealSecret(unit.sn, secret),
            userId: caller.userId,
          }),
        on,
      );
      created.push({ id: refId, sn: unit.sn, status: 0 });
    }
    await repository.insertLifecycle(
      created.map((device) => ({ company_id: caller.companyId, device_id: device.id, from_status: null, to_status: 0, document: document.kind === 'stockIn' ? 'stockIn' : 'production', document_kind: document.kind, document_id: document.id, created_by: caller.userId, created_at: now })),
    );
    return created;
  }

  async move(on: Db, caller: CabinCaller, devices: readonly StockDevice[], by: LifecycleDocument, document: MoveDocument | null): Promise<void> {
    const repository = DevicesRepository.in(on);
    for (const device of devices) {
      const problem = documentMoveProblem(by, device.status);
      if (problem) {
        throw new LifecycleRefused(device.sn, problem);
      }
    }
    const now = Date.now();
    const rows = [];
    for (const device of devices) {
      const to = lifecycleMoves.find((m) => m.by === by && m.from === device.status)?.to ?? device.status;
      // Conditional: a document that read the device before another one moved it is refused, not applied twice.
      if (!(await repository.moveStatus(caller.companyId, device.id, device.status, to))) {
        throw new LifecycleRefused(device.sn, 'device.lifecycle.changed');
      }
      rows.push({ company_id: caller.companyId, device_id: device.id, from_status: device.status, to_status: to, document: by, document_kind: document?.kind ?? null, document_id: document?.id ?? null, created_by: caller.userId, created_at: now });
    }
    await repository.insertLifecycle(rows);
  }

  async changed(companyId: number, deviceIds: readonly number[]): Promise<void> {
    for (const id of deviceIds) {
      await this.items.changed(companyId, id);
    }
  }

  async history(caller: CabinCaller, deviceId: number): Promise<DeviceHistoryEntry[]> {
    await this.requireReadable(caller, deviceId);
    const rows = await this.repository.lifecycleOf(caller.companyId, deviceId);
    return rows.map((row) => ({
      from: row.from_status !== null && isLifecycleStatus(row.from_status) ? row.from_status : null,
      to: isLifecycleStatus(row.to_status) ? row.to_status : 0,
      document: row.document as LifecycleDocument,
      documentKind: row.document_kind as StockDocumentKind | null,
      documentId: row.document_id,
      at: Number(row.created_at),
      userId: row.created_by,
      userName: row.user_name ?? null,
    }));
  }
}
