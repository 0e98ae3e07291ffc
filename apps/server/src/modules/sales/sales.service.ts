import {
  addDays,
  contractActionStates,
  contractActionTo,
  contractMoveProblem,
  daysBetween,
  fromCents,
  localDate,
  orderActionStates,
  orderMoveProblem,
  salesLimits,
  shippingState,
  toCents,
  type AddContractValues,
  type AddSalesOrderValues,
  type AddSalesOutboundRequest,
  type ContractAction,
  type ContractFileRequest,
  type ContractListQuery,
  type ContractState,
  type DownloadUrl,
  type IdResponse,
  type Page,
  type RenewalEntry,
  type RenewalsAnswer,
  type RenewContractRequest,
  type RenewSalesOrderRequest,
  type SalesContract,
  type SalesOrder,
  type SalesOrderAction,
  type SalesOrderListQuery,
  type SalesOrderState,
  type SignContractRequest,
  type UpdateContractValues,
  type UpdateSalesOrderValues,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { CompaniesService } from '../companies/companies.service';
import type { ReservationLine, SalesOutboundClosed, SalesStock } from '../inventory/salesStock.port';
import type { StorageService } from '../storage/storage.service';
import { SalesRepository, type ContractRow, type OrderLineRow, type OrderRow } from './sales.repository';

/** What sales needs of the storage module: the uploaded object, a signed URL, removing objects. */
export type ContractStorage = Pick<StorageService, 'objectInCompany' | 'uploadedObject' | 'downloadUrl' | 'removeObjects'>;
type SalesCompanies = Pick<CompaniesService, 'timeZoneOf'>;

/** Purposes a contract file may come from: the private ones of plain uploads. */
const filePurposes = new Set(['object', 'private']);
/** Orders and contracts that still matter for renewal (a draft or cancelled one never ran). */
const renewableOrderStates: readonly SalesOrderState[] = orderActionStates('renew');
const renewableContractStates: readonly ContractState[] = ['active'];
/** The renewal view lists at most this many entries of each kind. */
const renewalListMax = 500;

/**
 * Sales contracts and sales orders (issue 18, docs/sales.md). Confirming an order reserves its
 * lines in inventory (SalesStock port) in the order's transaction; outbound orders made for it
 * consume the reservation; their shipping and cancelling (inventory's hook) move the lines'
 * quantities and the order's state. Every state change is conditional on the state read.
 */
export class SalesService {
  constructor(
    private readonly db: Db,
    private readonly repository: SalesRepository,
    private readonly stock: SalesStock,
    private readonly storage: ContractStorage,
    private readonly companies: SalesCompanies,
    private readonly defaultTimeZone: string,
  ) {
    stock.onSalesOutboundClosed((on, caller, event) => this.outboundClosed(on, caller, event));
  }

  private async today(companyId: number): Promise<string> {
    return localDate(Date.now(), (await this.companies.timeZoneOf(companyId)) ?? this.defaultTimeZone);
  }

  /**
   * Runs `work` with the document's number: the caller's, or the next automatic one
   * (`HT-20261128-001` for contracts, `SO-…` for orders). A taken number of the caller's is 40900;
   * an automatic one lost to another writer is tried again with the next.
   */
  private async numbered<T>(companyId: number, kind: 'sl_contract' | 'sl_order', given: string | undefined, work: (number: string) => Promise<T>): Promise<T> {
    const prefix = `${kind === 'sl_contract' ? 'HT' : 'SO'}-${(await this.today(companyId)).replaceAll('-', '')}-`;
    for (let attempt = 0; ; attempt++) {
      const number = given ?? `${prefix}${String((await this.repository.countNumbers(kind, companyId, prefix)) + 1 + attempt).padStart(3, '0')}`;
      try {
        return await work(number);
      } catch (error) {
        if (!isUniqueViolation(error)) {
          throw error;
        }
        if (given !== undefined || attempt >= 5) {
          throw conflict('sales.numberTaken');
        }
      }
    }
  }

  // ---- contracts ----

  private async requireContract(companyId: number, id: number): Promise<ContractRow> {
    const row = await this.repository.findContract(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private checkContract(action: ContractAction, row: ContractRow): void {
    const problem = contractMoveProblem(action, row.state as ContractState);
    if (problem) {
      throw validationError(problem);
    }
  }

  /** A draft contract; a customer name that is new becomes an inventory customer. */
  async addContract(caller: CabinCaller, request: AddContractValues): Promise<IdResponse> {
    const id = await this.numbered(caller.companyId, 'sl_contract', request.number, (number) =>
      this.db.transaction().execute(async (trx) => {
        const customerId = await this.stock.customerOf(trx, caller.companyId, request.customer);
        return SalesRepository.in(trx).insertContract(caller.companyId, caller.userId, contractValues(number, customerId, request));
      }),
    );
    return { id };
  }

  /** Every field of a draft contract. */
  async updateContract(caller: CabinCaller, request: UpdateContractValues): Promise<void> {
    const row = await this.requireContract(caller.companyId, request.id);
    this.checkContract('update', row);
    await this.numbered(caller.companyId, 'sl_contract', request.number ?? row.number, (number) =>
      this.db.transaction().execute(async (trx) => {
        const customerId = await this.stock.customerOf(trx, caller.companyId, request.customer);
        if (!(await SalesRepository.in(trx).updateDraftContract(caller.companyId, row.id, contractValues(number, customerId, request)))) {
          throw validationError('sales.contract.cannot.update');
        }
      }),
    );
  }

  /** Draft → active (signed), on the given date, else the one on the contract, else today. */
  async signContract(caller: CabinCaller, request: SignContractRequest): Promise<void> {
    const row = await this.requireContract(caller.companyId, request.id);
    this.checkContract('sign', row);
    const signedDate = request.signedDate ?? row.signed_date ?? (await this.today(caller.companyId));
    if (!(await this.repository.moveContract(caller.companyId, row.id, contractActionStates('sign'), contractActionTo.sign!, { signed_date: signedDate }))) {
      throw validationError('sales.contract.cannot.sign');
    }
  }

  /** Cancels (draft or active) or closes (active) a contract that has no open orders. */
  async endContract(caller: CabinCaller, id: number, action: 'cancel' | 'close'): Promise<void> {
    const row = await this.requireContract(caller.companyId, id);
    this.checkContract(action, row);
    await this.db.transaction().execute(async (trx) => {
      const repository = SalesRepository.in(trx);
      if (!(await repository.moveContract(caller.companyId, row.id, contractActionStates(action), contractActionTo[action]!))) {
        throw validationError(`sales.contract.cannot.${action}`);
      }
      const open = await repository.openOrdersOfContract(caller.companyId, row.id);
      if (open.length > 0) {
        throw validationError(`sales.contract.openOrders|${open.map((o) => o.number).join(', ')}`);
      }
    });
  }

  /** A later end of an active contract's service period (the customer renewed). */
  async renewContract(caller: CabinCaller, request: RenewContractRequest): Promise<void> {
    const row = await this.requireContract(caller.companyId, request.id);
    this.checkContract('renew', row);
    if (row.end_date !== null && request.endDate <= row.end_date) {
      throw validationError(`sales.renew.notLater|${row.end_date}`);
    }
    if (row.start_date !== null && request.endDate < row.start_date) {
      throw validationError('validation.sales.endBeforeStart');
    }
    if (!(await this.repository.setContractEnd(caller.companyId, row.id, contractActionStates('renew'), request.endDate))) {
      throw validationError('sales.contract.cannot.renew');
    }
  }

  /**
   * Attaches an object the caller uploaded (`cos/getUploadCredential`, purpose object or private)
   * to a draft or active contract.
   */
  async addContractFile(caller: CabinCaller, request: ContractFileRequest): Promise<void> {
    const row = await this.requireContract(caller.companyId, request.id);
    this.checkContract('files', row);
    const known = await this.storage.objectInCompany(caller.companyId, request.objectKey);
    if (!known || !filePurposes.has(known.purpose) || known.uploaderId !== caller.userId) {
      throw notFound();
    }
    const object = await this.storage.uploadedObject(caller.companyId, request.objectKey);
    if (!object) {
      throw validationError('sales.file.notUploaded');
    }
    if (await this.repository.fileByKey(object.objectKey)) {
      throw conflict('sales.file.attached');
    }
    if ((await this.repository.contractFiles(caller.companyId, [row.id])).length >= salesLimits.filesMax) {
      throw validationError('sales.file.tooMany');
    }
    try {
      await this.repository.insertContractFile({
        company_id: caller.companyId,
        contract_id: row.id,
        object_key: object.objectKey,
        file_name: object.fileName,
        content_type: object.contentType,
        size: object.size,
        created_by: caller.userId,
        created_at: Date.now(),
      });
    } catch (error) {
      throw isUniqueViolation(error) ? conflict('sales.file.attached') : error;
    }
  }

  /** Takes a file off a draft or active contract and deletes its object. */
  async removeContractFile(caller: CabinCaller, request: ContractFileRequest): Promise<void> {
    const row = await this.requireContract(caller.companyId, request.id);
    this.checkContract('files', row);
    if (!(await this.repository.deleteContractFile(caller.companyId, row.id, request.objectKey))) {
      throw notFound();
    }
    await this.storage.removeObjects(caller.companyId, [request.objectKey]);
  }

  /** A short-lived download URL of a contract's file. */
  async contractFileUrl(caller: CabinCaller, request: ContractFileRequest): Promise<DownloadUrl> {
    const row = await this.requireContract(caller.companyId, request.id);
    const files = await this.repository.contractFiles(caller.companyId, [row.id]);
    if (!files.some((file) => file.object_key === request.objectKey)) {
      throw notFound();
    }
    return this.storage.downloadUrl(caller, request.objectKey);
  }

  async getContract(caller: CabinCaller, id: number): Promise<SalesContract> {
    const row = await this.requireContract(caller.companyId, id);
    return (await this.toContracts(caller.companyId, [row]))[0];
  }

  async listContracts(caller: CabinCaller, query: ContractListQuery): Promise<Page<SalesContract>> {
    const customerIds = query.keyword ? await this.stock.customerIdsMatching(caller.companyId, query.keyword) : undefined;
    const { rows, total } = await this.repository.listContracts(caller.companyId, { ...query, customerIds }, query);
    return { list: await this.toContracts(caller.companyId, rows), total };
  }

  private async toContracts(companyId: number, rows: readonly ContractRow[]): Promise<SalesContract[]> {
    const [files, customers] = await Promise.all([
      this.repository.contractFiles(
        companyId,
        rows.map((row) => row.id),
      ),
      this.stock.customerNames(
        companyId,
        rows.map((row) => row.customer_id),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      customerId: row.customer_id,
      customerName: customers.get(row.customer_id) ?? '',
      title: row.title,
      signedDate: row.signed_date,
      startDate: row.start_date,
      endDate: row.end_date,
      amount: fromCents(Number(row.amount_cents)),
      remarks: row.remarks,
      state: row.state as ContractState,
      files: files
        .filter((file) => file.contract_id === row.id)
        .map((file) => ({ objectKey: file.object_key, fileName: file.file_name, contentType: file.content_type, size: Number(file.size), createdAt: Number(file.created_at) })),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  }

  // ---- orders ----

  private async requireOrder(companyId: number, id: number): Promise<OrderRow> {
    const row = await this.repository.findOrder(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private checkOrder(action: SalesOrderAction, row: OrderRow): void {
    const problem = orderMoveProblem(action, row.state as SalesOrderState);
    if (problem) {
      throw validationError(problem);
    }
  }

  /** Items and warehouses of the company (40400 otherwise); before the transaction (they read outside it). */
  private async checkLines(caller: CabinCaller, request: AddSalesOrderValues): Promise<void> {
    for (const line of request.lines) {
      await this.stock.requireItem(caller.companyId, line.itemId);
      await this.stock.requireWarehouse(caller.companyId, line.warehouseId);
    }
  }

  /** The customer, and a usable contract of the same customer. */
  private async checkOrderValues(on: Db, caller: CabinCaller, request: AddSalesOrderValues): Promise<number> {
    const customerId = await this.stock.customerOf(on, caller.companyId, request.customer);
    if (request.contractId !== null) {
      const contract = await SalesRepository.in(on).findContract(caller.companyId, request.contractId);
      if (!contract) {
        throw notFound('sales.contract.missing');
      }
      if (contract.state === 'cancelled' || contract.state === 'closed') {
        throw validationError('sales.contract.notUsable');
      }
      if (contract.customer_id !== customerId) {
        throw validationError('sales.contract.otherCustomer');
      }
    }
    return customerId;
  }

  /** A draft order; nothing is reserved until it is confirmed. */
  async addOrder(caller: CabinCaller, request: AddSalesOrderValues): Promise<IdResponse> {
    await this.checkLines(caller, request);
    const id = await this.numbered(caller.companyId, 'sl_order', request.number, (number) =>
      this.db.transaction().execute(async (trx) => {
        const customerId = await this.checkOrderValues(trx, caller, request);
        return SalesRepository.in(trx).insertOrder(caller.companyId, caller.userId, orderValues(number, customerId, request), request.lines);
      }),
    );
    return { id };
  }

  /** Every field of a draft order; its lines are replaced. */
  async updateOrder(caller: CabinCaller, request: UpdateSalesOrderValues): Promise<void> {
    const row = await this.requireOrder(caller.companyId, request.id);
    this.checkOrder('update', row);
    await this.checkLines(caller, request);
    await this.numbered(caller.companyId, 'sl_order', request.number ?? row.number, (number) =>
      this.db.transaction().execute(async (trx) => {
        const customerId = await this.checkOrderValues(trx, caller, request);
        if (!(await SalesRepository.in(trx).updateDraftOrder(caller.companyId, row.id, orderValues(number, customerId, request), request.lines))) {
          throw validationError('sales.order.cannot.update');
        }
      }),
    );
  }

  /**
   * Draft → confirmed: every line's quantity is reserved in its warehouse, or nothing is (50001
   * naming the first line without enough available stock).
   */
  async confirmOrder(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireOrder(caller.companyId, id);
    this.checkOrder('confirm', row);
    await this.db.transaction().execute(async (trx) => {
      const repository = SalesRepository.in(trx);
      if (!(await repository.moveOrder(caller.companyId, row.id, orderActionStates('confirm'), 'confirmed', { confirmed_at: Date.now() }))) {
        throw validationError('sales.order.cannot.confirm');
      }
      const lines = await repository.orderLines(caller.companyId, [row.id]);
      await repository.reserveAllLines(caller.companyId, row.id);
      await this.stock.reserve(trx, caller, row.id, lines.map(toLine));
    });
  }

  /**
   * Cancels a draft or confirmed order (a confirmed one releases its reservation), or closes a
   * shipped or partially shipped one (what is still reserved is given up). Refused while an
   * outbound order of it is open.
   */
  async endOrder(caller: CabinCaller, id: number, action: 'cancel' | 'close'): Promise<void> {
    const row = await this.requireOrder(caller.companyId, id);
    this.checkOrder(action, row);
    await this.db.transaction().execute(async (trx) => {
      const repository = SalesRepository.in(trx);
      if (!(await repository.moveOrder(caller.companyId, row.id, orderActionStates(action), action === 'cancel' ? 'cancelled' : 'closed', { closed_at: Date.now() }))) {
        throw validationError(`sales.order.cannot.${action}`);
      }
      const lines = await repository.orderLines(caller.companyId, [row.id]);
      if (lines.some((line) => line.on_outbound > 0)) {
        const open = (await this.stock.outboundsOf(trx, caller.companyId, row.id)).filter((o) => o.state === 'open');
        throw validationError(`sales.order.openOutbound|${open.map((o) => o.id).join(', ')}`);
      }
      await this.stock.release(
        trx,
        caller,
        row.id,
        lines.map((line) => ({ ...toLine(line), quantity: line.reserved })),
        action,
      );
      await repository.releaseAllLines(caller.companyId, row.id);
    });
  }

  /** A later service end of a running or finished order (the customer renewed). */
  async renewOrder(caller: CabinCaller, request: RenewSalesOrderRequest): Promise<void> {
    const row = await this.requireOrder(caller.companyId, request.id);
    this.checkOrder('renew', row);
    if (row.service_end_date !== null && request.serviceEndDate <= row.service_end_date) {
      throw validationError(`sales.renew.notLater|${row.service_end_date}`);
    }
    if (!(await this.repository.setServiceEnd(caller.companyId, row.id, orderActionStates('renew'), request.serviceEndDate))) {
      throw validationError('sales.order.cannot.renew');
    }
  }

  /**
   * An outbound order for a confirmed or partially shipped order, out of one warehouse of its
   * lines: what it takes of each item must be on a line of that warehouse and still reserved;
   * it consumes that much of the reservation (inventory writes the stock movement).
   */
  async addOutbound(caller: CabinCaller, request: AddSalesOutboundRequest): Promise<IdResponse> {
    const row = await this.requireOrder(caller.companyId, request.orderId);
    this.checkOrder('addOutbound', row);
    await this.stock.requireWarehouse(caller.companyId, request.warehouseId);
    const { id, deviceIds } = await this.db.transaction().execute(async (trx) => {
      const repository = SalesRepository.in(trx);
      // Locks the order (PostgreSQL) so two outbound orders of it book their lines one after the other.
      if (!(await repository.moveOrder(caller.companyId, row.id, orderActionStates('addOutbound'), null))) {
        throw validationError('sales.order.cannot.addOutbound');
      }
      const lines = await repository.orderLines(caller.companyId, [row.id]);
      return this.stock.addOutboundForOrder(
        trx,
        caller,
        { salesOrderId: row.id, customerId: row.customer_id },
        { warehouseId: request.warehouseId, serials: request.serials, lines: request.lines ?? [], remarks: request.remarks ?? '' },
        async (on, taken) => {
          const names = await this.stock.itemNames(
            on,
            caller.companyId,
            taken.map((t) => t.itemId),
          );
          for (const part of taken) {
            const line = lines.find((l) => l.item_id === part.itemId && l.warehouse_id === part.warehouseId);
            const name = names.get(part.itemId) ?? String(part.itemId);
            if (!line) {
              throw validationError(`sales.outbound.notOnOrder|${name}`);
            }
            if (!(await SalesRepository.in(on).takeForOutbound(caller.companyId, line.id, part.quantity))) {
              throw validationError(`sales.outbound.tooMany|${name}|${line.reserved}`);
            }
          }
        },
      );
    });
    await this.stock.devicesChanged(caller.companyId, deviceIds);
    return { id };
  }

  /**
   * Inventory's hook, in the transaction that ships or cancels an outbound order of a sales order:
   * shipped quantities move the order to partially shipped or shipped; cancelled ones go back to
   * the lines' reservation (inventory puts them back into the stock's reserved quantity).
   */
  private async outboundClosed(on: Db, caller: CabinCaller, event: SalesOutboundClosed): Promise<void> {
    const repository = SalesRepository.in(on);
    for (const line of event.lines) {
      if (!(await repository.outboundClosed(caller.companyId, event.salesOrderId, line, event.state))) {
        throw new Error(`outbound order ${event.outboundId} is not booked on sales order ${event.salesOrderId}`);
      }
    }
    if (event.state === 'shipped') {
      const state = shippingState((await repository.orderLines(caller.companyId, [event.salesOrderId])).map((line) => ({ quantity: line.quantity, shipped: line.shipped })));
      await repository.moveOrder(caller.companyId, event.salesOrderId, ['confirmed', 'partiallyShipped'], state);
    }
  }

  async getOrder(caller: CabinCaller, id: number): Promise<SalesOrder> {
    const row = await this.requireOrder(caller.companyId, id);
    return (await this.toOrders(caller.companyId, [row]))[0];
  }

  async listOrders(caller: CabinCaller, query: SalesOrderListQuery): Promise<Page<SalesOrder>> {
    const customerIds = query.keyword ? await this.stock.customerIdsMatching(caller.companyId, query.keyword) : undefined;
    const { rows, total } = await this.repository.listOrders(caller.companyId, { ...query, customerIds }, query);
    return { list: await this.toOrders(caller.companyId, rows), total };
  }

  private async toOrders(companyId: number, rows: readonly OrderRow[]): Promise<SalesOrder[]> {
    const lines = await this.repository.orderLines(
      companyId,
      rows.map((row) => row.id),
    );
    const [customers, items, outbounds] = await Promise.all([
      this.stock.customerNames(
        companyId,
        rows.map((row) => row.customer_id),
      ),
      this.stock.itemNames(
        this.db,
        companyId,
        lines.map((line) => line.item_id),
      ),
      Promise.all(rows.map((row) => (row.state === 'draft' ? Promise.resolve([]) : this.stock.outboundsOf(this.db, companyId, row.id)))),
    ]);
    return rows.map((row, index) => ({
      id: row.id,
      number: row.number,
      customerId: row.customer_id,
      customerName: customers.get(row.customer_id) ?? '',
      contractId: row.contract_id,
      lines: lines
        .filter((line) => line.order_id === row.id)
        .map((line) => ({
          itemId: line.item_id,
          itemName: items.get(line.item_id) ?? '',
          warehouseId: line.warehouse_id,
          quantity: line.quantity,
          reserved: line.reserved,
          onOutbound: line.on_outbound,
          shipped: line.shipped,
        })),
      serviceEndDate: row.service_end_date,
      remarks: row.remarks,
      state: row.state as SalesOrderState,
      outboundIds: outbounds[index].map((o) => o.id),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
    }));
  }

  // ---- renewals ----

  /**
   * Orders (running or finished) and signed contracts whose service ends within `days` days from
   * today (company zone) or ended up to `pastDays` ago, soonest first, with the days left.
   */
  async renewals(caller: CabinCaller, query: { days: number; pastDays: number }, kinds: { orders: boolean; contracts: boolean }): Promise<RenewalsAnswer> {
    const today = await this.today(caller.companyId);
    const from = addDays(today, -query.pastDays);
    const to = addDays(today, query.days);
    const orders = kinds.orders ? await this.repository.ordersEnding(caller.companyId, renewableOrderStates, from, to, renewalListMax) : [];
    const contracts = kinds.contracts ? await this.repository.contractsEnding(caller.companyId, renewableContractStates, from, to, renewalListMax) : [];
    const customers = await this.stock.customerNames(caller.companyId, [...orders.map((o) => o.customer_id), ...contracts.map((c) => c.customer_id)]);
    const entry = (kind: RenewalEntry['kind'], row: { id: number; number: string; customer_id: number; state: string }, title: string, endDate: string): RenewalEntry => ({
      kind,
      id: row.id,
      number: row.number,
      customerId: row.customer_id,
      customerName: customers.get(row.customer_id) ?? '',
      title,
      state: row.state,
      endDate,
      daysLeft: daysBetween(today, endDate),
    });
    const list = [...orders.map((o) => entry('order', o, o.remarks, o.service_end_date!)), ...contracts.map((c) => entry('contract', c, c.title, c.end_date!))].sort(
      (a, b) => a.endDate.localeCompare(b.endDate) || a.kind.localeCompare(b.kind) || a.id - b.id,
    );
    return { today, days: query.days, dueCount: list.filter((e) => e.daysLeft >= 0).length, expiredCount: list.filter((e) => e.daysLeft < 0).length, list };
  }
}

const toLine = (line: OrderLineRow): ReservationLine => ({ itemId: line.item_id, warehouseId: line.warehouse_id, quantity: line.quantity });

function contractValues(number: string, customerId: number, request: AddContractValues) {
  return {
    number,
    customerId,
    title: request.title,
    signedDate: request.signedDate,
    startDate: request.startDate,
    endDate: request.endDate,
    amountCents: toCents(request.amount),
    remarks: request.remarks,
  };
}

function orderValues(number: string, customerId: number, request: AddSalesOrderValues) {
  return { number, customerId, contractId: request.contractId, serviceEndDate: request.serviceEndDate, remarks: request.remarks };
}
