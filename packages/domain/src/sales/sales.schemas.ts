import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { nameText, textSchema } from '../shared/text';
import { numeric } from '../shared/numbers';
import { pageQuery } from '../shared/paging';
import { objectKeySchema } from '../storage/storage.schemas';
import { serialSchema } from '../inventory/inventory.schemas';
import { contractStates, salesOrderStates } from './salesRules';

/**
 * Sales contracts and sales orders (issue 18, docs/sales.md). A contract is a signed agreement
 * with a customer (service period, amount, files in object storage); a sales order names what
 * leaves which warehouse. Confirming an order reserves its lines' quantities in inventory;
 * outbound orders made for it consume the reservation; shipping them moves the order on.
 */

export const salesLimits = {
  numberLength: 32,
  titleLength: 100,
  remarksLength: 500,
  customerLength: 25,
  /** Lines of one sales order. */
  linesMax: 100,
  /** Files attached to one contract. */
  filesMax: 20,
  quantityMax: 1_000_000,
  /** Amounts in yuan with at most two decimals. */
  amountMax: 1_000_000_000_000,
  keywordLength: 50,
  /** The renewal view looks at most this many days ahead. */
  renewalDaysMax: 366,
  renewalDaysDefault: 30,
  /** Ended entries stay in the renewal view this many days (default) unless renewed or closed. */
  renewalPastDaysDefault: 90,
  renewalPastDaysMax: 3660,
  serialsMax: 500,
} as const;

const id = idSchema;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** Whether `yyyy-MM-dd` names a real calendar day. */
export function isCalendarDate(text: string): boolean {
  if (!datePattern.test(text)) {
    return false;
  }
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
/** A calendar date `yyyy-MM-dd` (in the company's zone), or null / '' for none. */
const dateSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.string().trim().refine(isCalendarDate, 'validation.sales.date').nullable(),
);
const text = (max: number) => textSchema().max(max, 'validation.tooLong');
/** A document number: letters, digits and - _ / . (unique per company); empty = numbered by the server. */
const numberSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  textSchema()
    .max(salesLimits.numberLength, 'validation.tooLong')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_\-/.]*$/, 'validation.sales.number')
    .optional(),
);
/** A customer: the id of an inventory customer, or a name (a new name becomes a customer). */
const customerSchema = z.union([z.number().int().positive(), nameText().min(1, 'validation.nameRequired').max(salesLimits.customerLength, 'validation.tooLong')]);
const amountSchema = numeric<number | string>(
  z
    .number()
    .min(0, 'validation.sales.amount')
    .max(salesLimits.amountMax, 'validation.sales.amount')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'validation.sales.amount'),
);
const quantity = numeric<number | string>(z.number().int('validation.sales.quantity').min(1, 'validation.sales.quantity').max(salesLimits.quantityMax, 'validation.sales.quantity'));
const keyword = z.string().trim().max(salesLimits.keywordLength, 'validation.tooLong').optional();

const datesInOrder = (value: { startDate?: string | null; endDate?: string | null }) => !value.startDate || !value.endDate || value.startDate <= value.endDate;

// ---- contracts ----

const contractFields = {
  number: numberSchema,
  customer: customerSchema,
  title: nameText().min(1, 'validation.nameRequired').max(salesLimits.titleLength, 'validation.tooLong'),
  signedDate: dateSchema,
  startDate: dateSchema,
  endDate: dateSchema,
  amount: amountSchema.default(0),
  remarks: text(salesLimits.remarksLength).default(''),
};

/** `POST /general/sales/addContract` → `{id}` (state draft). */
export const addContractRequest = z.object(contractFields).refine(datesInOrder, { message: 'validation.sales.endBeforeStart', path: ['endDate'] });
export type AddContractRequest = z.input<typeof addContractRequest>;
export type AddContractValues = z.output<typeof addContractRequest>;

/** `POST /general/sales/updateContract`: every field of a draft contract (the number may change too). */
export const updateContractRequest = z.object({ id, ...contractFields }).refine(datesInOrder, { message: 'validation.sales.endBeforeStart', path: ['endDate'] });
export type UpdateContractRequest = z.input<typeof updateContractRequest>;
export type UpdateContractValues = z.output<typeof updateContractRequest>;

/** `POST /general/sales/signContract`: draft → active; `signedDate` defaults to the one on the contract, else today. */
export const signContractRequest = z.object({ id, signedDate: dateSchema });
export type SignContractRequest = z.output<typeof signContractRequest>;

/** `POST /general/sales/renewContract` / `renewOrder`: a later service end (the customer renewed). */
export const renewContractRequest = z.object({ id, endDate: z.string().trim().refine(isCalendarDate, 'validation.sales.date') });
export type RenewContractRequest = z.output<typeof renewContractRequest>;

/** `POST /general/sales/addContractFile`: an uploaded object (purpose object or private) attached to the contract. */
export const contractFileRequest = z.object({ id, objectKey: objectKeySchema });
export type ContractFileRequest = z.output<typeof contractFileRequest>;

export const contractListQuery = pageQuery.extend({ keyword, state: z.enum(contractStates).optional(), customerId: id.optional() });
export type ContractListQuery = z.infer<typeof contractListQuery>;

export interface ContractFile {
  objectKey: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: number;
}

export interface SalesContract {
  id: number;
  number: string;
  customerId: number;
  customerName: string;
  title: string;
  signedDate: string | null;
  startDate: string | null;
  endDate: string | null;
  amount: number;
  remarks: string;
  state: (typeof contractStates)[number];
  files: ContractFile[];
  createdAt: number;
  updatedAt: number;
}

// ---- orders ----

const orderLine = z.object({ itemId: id, warehouseId: id, quantity });
export type SalesOrderLineInput = z.output<typeof orderLine>;
const orderLines = z
  .array(orderLine)
  .min(1, 'validation.sales.noLines')
  .max(salesLimits.linesMax, 'validation.tooLong')
  .refine((lines) => new Set(lines.map((l) => `${l.itemId}/${l.warehouseId}`)).size === lines.length, 'validation.sales.lineRepeated');

const orderFields = {
  number: numberSchema,
  customer: customerSchema,
  contractId: z.preprocess((value) => (value === '' || value === undefined ? null : value), id.nullable()),
  lines: orderLines,
  serviceEndDate: dateSchema,
  remarks: text(salesLimits.remarksLength).default(''),
};

/** `POST /general/sales/addOrder` → `{id}` (state draft). */
export const addSalesOrderRequest = z.object(orderFields);
export type AddSalesOrderRequest = z.input<typeof addSalesOrderRequest>;
export type AddSalesOrderValues = z.output<typeof addSalesOrderRequest>;

/** `POST /general/sales/updateOrder`: every field of a draft order, lines replaced. */
export const updateSalesOrderRequest = z.object({ id, ...orderFields });
export type UpdateSalesOrderValues = z.output<typeof updateSalesOrderRequest>;

/** `POST /general/sales/renewOrder`: a later service end. */
export const renewSalesOrderRequest = z.object({ id, serviceEndDate: z.string().trim().refine(isCalendarDate, 'validation.sales.date') });
export type RenewSalesOrderRequest = z.output<typeof renewSalesOrderRequest>;

/**
 * `POST /general/sales/addOutbound` → `{id}` (the outbound order's): an outbound order for a
 * confirmed sales order, out of one of its lines' warehouses; it consumes the order's reservation.
 */
export const addSalesOutboundRequest = z.object({
  orderId: id,
  warehouseId: id,
  serials: z
    .array(serialSchema)
    .max(salesLimits.serialsMax, 'validation.tooLong')
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, 'inventory.serial.repeated')
    .default([]),
  lines: z.array(z.object({ itemId: id, quantity })).max(salesLimits.linesMax, 'validation.tooLong').optional(),
  remarks: text(200).optional(),
});
export type AddSalesOutboundRequest = z.output<typeof addSalesOutboundRequest>;

export const salesOrderListQuery = pageQuery.extend({ keyword, state: z.enum(salesOrderStates).optional(), customerId: id.optional(), contractId: id.optional() });
export type SalesOrderListQuery = z.infer<typeof salesOrderListQuery>;

export interface SalesOrderLine {
  itemId: number;
  itemName: string;
  warehouseId: number;
  quantity: number;
  /** Still held for this line in its warehouse (confirmed, not yet on an outbound order). */
  reserved: number;
  /** On open outbound orders, not yet shipped. */
  onOutbound: number;
  shipped: number;
}

export interface SalesOrder {
  id: number;
  number: string;
  customerId: number;
  customerName: string;
  contractId: number | null;
  lines: SalesOrderLine[];
  serviceEndDate: string | null;
  remarks: string;
  state: (typeof salesOrderStates)[number];
  /** Outbound orders made for it (inventory/getOutbound reads each). */
  outboundIds: number[];
  createdAt: number;
  updatedAt: number;
  confirmedAt: number | null;
}

export const salesIdQuery = z.object({ id });
export const salesIdRequest = z.object({ id });

/**
 * `GET /general/sales/getRenewals?days=30`: orders and contracts whose service ends within `days`
 * days, or ended at most `pastDays` days ago (default 90).
 */
export const renewalsQuery = z.object({
  days: numeric<number | string>(z.number().int().min(0).max(salesLimits.renewalDaysMax)).default(salesLimits.renewalDaysDefault),
  pastDays: numeric<number | string>(z.number().int().min(0).max(salesLimits.renewalPastDaysMax)).default(salesLimits.renewalPastDaysDefault),
});
export type RenewalsQuery = z.infer<typeof renewalsQuery>;

export interface RenewalEntry {
  kind: 'order' | 'contract';
  id: number;
  number: string;
  customerId: number;
  customerName: string;
  /** The contract's title; an order's remarks. */
  title: string;
  state: string;
  endDate: string;
  /** Days from today (company zone) to the end date: 0 = ends today, negative = ended. */
  daysLeft: number;
}

export interface RenewalsAnswer {
  today: string;
  days: number;
  /** Entries still to end within the window (daysLeft ≥ 0): what a navbar badge counts. */
  dueCount: number;
  /** Entries already ended (daysLeft < 0). */
  expiredCount: number;
  list: RenewalEntry[];
}
