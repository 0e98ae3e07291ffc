import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { fileNameText, textSchema } from '../shared/text';
import { limits } from '../shared/limits';
import { numeric } from '../shared/numbers';
import { pageQuery } from '../shared/paging';
import { iccidProblem } from './luhn';

/**
 * SIM traffic cards (issue 19, docs/sim.md): data cards of the company's gateways, their carrier
 * (spec §3), status (spec §3) and data-card state (spec §4), plan and traffic, asynchronous carrier
 * operations, daily usage, and the carrier connections each company configures.
 */

export const simLimits = {
  /** MSISDN: IoT numbers are 11 to 13 digits in China; 5 to 20 digits (an optional +) accepted. */
  numberPattern: /^\+?\d{5,20}$/,
  imsiPattern: /^\d{6,15}$/,
  planNameLength: 50,
  remarksLength: 200,
  keywordLength: 50,
  /** Allowance of a plan, MB (10 TB). */
  planMbMax: 10_000_000,
  /** Cards in one batch call (operate, changePlan, sync, delete). */
  batchMax: 500,
  /** Rows of one import file. */
  importRowsMax: 10_000,
  /** Base64 of the import file (about 7.5 MB of file). */
  importContentLength: 10 * 1024 * 1024,
  /** Gateway payload of one message, bytes. */
  payloadBytesMax: 65_536,
  usageDaysMax: 366,
  accountLength: 100,
  secretLength: 200,
  endpointLength: 200,
  /** The simulated carrier's delay before a submitted operation takes effect, seconds. */
  simulatedDelayMaxSeconds: 86_400,
  defaultSimulatedDelaySeconds: 30,
  defaultAlertPercent: 80,
  /** China Mobile OneLink's AppID: letters and digits as the platform issues it. */
  appidPattern: /^[A-Za-z0-9_-]{1,100}$/,
} as const;

/** China Mobile OneLink (IoT open platform, API v5): where its calls go when a connection names no endpoint. */
export const oneLinkDefaultEndpoint = 'https://api.iot.10086.cn/v5';

/** Carriers of spec §3: none, (China) Mobile, Unicom, Telecom. */
export const simCarriers = ['none', 'mobile', 'unicom', 'telecom'] as const;
export type SimCarrier = (typeof simCarriers)[number];
/** The carriers a connection can be configured for (`none` has no carrier to ask). */
export const connectedCarriers = ['mobile', 'unicom', 'telecom'] as const;
export type ConnectedCarrier = (typeof connectedCarriers)[number];

/**
 * SIM card statuses of spec §3 (its list names "none" twice; one code here): none (not yet
 * reported by a carrier), normal, suspended, silent period, test period, suspended but number kept.
 */
export const simStatuses = ['none', 'normal', 'suspended', 'silent', 'test', 'suspendedKept'] as const;
export type SimStatus = (typeof simStatuses)[number];

/** Data-card states of spec §4: not activated, running, abnormal. */
export const dataCardStates = ['notActivated', 'running', 'abnormal'] as const;
export type DataCardState = (typeof dataCardStates)[number];

export const planPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export type PlanPeriod = (typeof planPeriods)[number];

/** Carrier operations; each is asynchronous (pending → submitted → confirmed | failed). */
export const simActions = ['activate', 'suspend', 'resume', 'changePlan'] as const;
export type SimAction = (typeof simActions)[number];
/** The actions of `operate` (a plan change has its own call, with the new allowance). */
export const operateActions = ['activate', 'suspend', 'resume'] as const;
export type OperateAction = (typeof operateActions)[number];

export const operationStates = ['pending', 'submitted', 'confirmed', 'failed'] as const;
export type OperationState = (typeof operationStates)[number];

/**
 * How a company's carrier is reached: the simulated carrier (default) or the carrier's API (China
 * Mobile OneLink works; China Unicom's and China Telecom's are stubs, docs/sim.md).
 */
export const connectionModes = ['simulated', 'live'] as const;
export type ConnectionMode = (typeof connectionModes)[number];

const id = idSchema;
const text = (max: number) => textSchema().max(max, 'validation.tooLong');
const ids = z.array(id).min(1, 'validation.required').max(simLimits.batchMax, 'validation.tooLong');
export const msisdnSchema = z.string().trim().regex(simLimits.numberPattern, 'validation.sim.number.pattern');
export const iccidSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = iccidProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  });
const imsi = z.string().trim().regex(simLimits.imsiPattern, 'validation.sim.imsi.pattern');
const planMb = numeric<number | string>(z.number().positive('validation.sim.planMb').max(simLimits.planMbMax, 'validation.sim.planMb'));
const alertPercent = numeric<number | string>(z.number().int('validation.sim.alertPercent').min(0, 'validation.sim.alertPercent').max(100, 'validation.sim.alertPercent'));
/** Spec §9 data frequency: 1, 5, 10 or 15 minutes. */
export const dataFrequencySchema = numeric<number | string>(
  z
    .number()
    .int()
    .refine((value) => (limits.dataFrequencyMinutes as readonly number[]).includes(value), 'validation.sim.dataFrequency'),
);
const payloadBytes = numeric<number | string>(z.number().int('validation.sim.payloadBytes').min(1, 'validation.sim.payloadBytes').max(simLimits.payloadBytesMax, 'validation.sim.payloadBytes'));

// ---- cards ----

/** `POST /general/sim/addCard {number, iccid, carrier, planMb?}` → `{id}` (the contract of issue 19; the rest optional). */
export const addCardRequest = z.object({
  number: msisdnSchema,
  iccid: iccidSchema,
  carrier: z.enum(simCarriers),
  planMb: planMb.optional(),
  imsi: imsi.optional(),
  planName: text(simLimits.planNameLength).optional(),
  planPeriod: z.enum(planPeriods).optional(),
  alertPercent: alertPercent.optional(),
  remarks: text(simLimits.remarksLength).optional(),
});
export type AddCardRequest = z.infer<typeof addCardRequest>;

/** `POST /general/sim/updateCard` — the company's own record of a card (a carrier-side plan change is `changePlan`). */
export const updateCardRequest = z.object({
  id,
  number: msisdnSchema.optional(),
  imsi: imsi.nullable().optional(),
  planName: text(simLimits.planNameLength).optional(),
  planPeriod: z.enum(planPeriods).optional(),
  planMb: planMb.nullable().optional(),
  /** Threshold alert at this % of the allowance; 0 turns it off. */
  alertPercent: alertPercent.optional(),
  /** The bound gateway's data frequency (minutes) and payload per message (bytes), for the plan-exhaustion warning. */
  dataFrequency: dataFrequencySchema.nullable().optional(),
  payloadBytes: payloadBytes.nullable().optional(),
  remarks: text(simLimits.remarksLength).optional(),
});
export type UpdateCardRequest = z.infer<typeof updateCardRequest>;

/** `POST /general/sim/deleteCards {ids}` (their operations and usage go with them). */
export const deleteCardsRequest = z.object({ ids });
export type DeleteCardsRequest = z.infer<typeof deleteCardsRequest>;

/** A filter left empty (`?carrier=&status=`, as the issue's contract writes the call) is no filter. */
const unlessEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const cardFilters = {
  carrier: unlessEmpty(z.enum(simCarriers)),
  status: unlessEmpty(z.enum(simStatuses)),
  state: unlessEmpty(z.enum(dataCardStates)),
  /** Part of the number or the ICCID. */
  keyword: unlessEmpty(z.string().trim().max(simLimits.keywordLength, 'validation.tooLong')),
  /** Used / allowance, in %, at least and below (cards without an allowance are left out). */
  usageMin: unlessEmpty(numeric<number | string>(z.number().min(0).max(100_000))),
  usageMax: unlessEmpty(numeric<number | string>(z.number().min(0).max(100_000))),
  /** Only cards bound (true) or not bound (false) to a gateway. */
  bound: unlessEmpty(z.enum(['true', 'false'])),
};

/** `GET /general/sim/getCards?carrier=&status=&state=&keyword=&usageMin=&usageMax=&bound=&pageNum=&pageSize=` → `Page<SimCardListItem>`. */
export const cardListQuery = pageQuery.extend({
  ...cardFilters,
  pageNum: z.preprocess((value) => (value === '' ? undefined : value), pageQuery.shape.pageNum),
  pageSize: z.preprocess((value) => (value === '' ? undefined : value), pageQuery.shape.pageSize),
});
export type CardListQuery = z.infer<typeof cardListQuery>;

/** `GET /general/sim/exportCards?` the same filters, without paging, `format=xlsx|csv` → a file. */
export const exportCardsQuery = z.object({ ...cardFilters, format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type ExportCardsQuery = z.infer<typeof exportCardsQuery>;

/** `GET /general/sim/getCard?id=` → `SimCard`. */
export const cardIdQuery = z.object({ id });
export type CardIdQuery = z.infer<typeof cardIdQuery>;

/** `GET /general/sim/getDeviceCard?deviceId=` → `SimCard | null` (the card bound to a gateway). */
export const deviceCardQuery = z.object({ deviceId: id });
export type DeviceCardQuery = z.infer<typeof deviceCardQuery>;

/** `POST /general/sim/bindDevice {id, deviceId, dataFrequency?, payloadBytes?}` — one card per gateway. */
export const bindDeviceRequest = z.object({ id, deviceId: id, dataFrequency: dataFrequencySchema.optional(), payloadBytes: payloadBytes.optional() });
export type BindDeviceRequest = z.infer<typeof bindDeviceRequest>;

/** `POST /general/sim/unbindDevice {id}`. */
export const unbindDeviceRequest = z.object({ id });
export type UnbindDeviceRequest = z.infer<typeof unbindDeviceRequest>;

// ---- operations and sync ----

/** `POST /general/sim/operate {ids, action}` → `SimOperation[]`, one per card, state pending. Cards of one carrier. */
export const operateRequest = z.object({ ids, action: z.enum(operateActions) });
export type OperateRequest = z.infer<typeof operateRequest>;

/** `POST /general/sim/changePlan {ids, planMb, planName?}` → `SimOperation[]` (pending). Cards of one carrier. */
export const changePlanRequest = z.object({ ids, planMb, planName: text(simLimits.planNameLength).optional() });
export type ChangePlanRequest = z.infer<typeof changePlanRequest>;

/** `POST /general/sim/sync {ids?}` → `SyncResult`; without ids every card of the company. */
export const syncRequest = z.object({ ids: ids.optional() });
export type SyncRequest = z.infer<typeof syncRequest>;

/** `GET /general/sim/getOperations?cardId=&state=&pageNum=&pageSize=` → `Page<SimOperation>`, newest first. */
export const operationListQuery = pageQuery.extend({ cardId: numeric<number>(id).optional(), state: z.enum(operationStates).optional() });
export type OperationListQuery = z.infer<typeof operationListQuery>;

/** `GET /general/sim/getUsage?cardId=&days=` → `UsageDay[]`: per local day, the card's or (no cardId) the company's. */
export const usageQuery = z.object({
  cardId: numeric<number>(id).optional(),
  days: numeric<number | string>(z.number().int().min(1).max(simLimits.usageDaysMax)).default(30),
});
export type UsageQuery = z.infer<typeof usageQuery>;

// ---- import ----

/** `POST /general/sim/importCards {fileName, content (base64), dryRun}` → `SimImportReport`; all rows or none. */
export const importCardsRequest = z.object({
  fileName: fileNameText(200),
  content: z.string().min(1, 'validation.required').max(simLimits.importContentLength, 'validation.tooLong'),
  dryRun: z.boolean().default(false),
});
export type ImportCardsRequest = z.infer<typeof importCardsRequest>;

// ---- carrier connections ----

/** An endpoint is empty (the carrier's default) or an http(s) address. */
export function carrierEndpointProblem(endpoint: string): string | null {
  if (endpoint === '') {
    return null;
  }
  try {
    const url = new URL(endpoint);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'validation.sim.endpoint';
  } catch {
    return 'validation.sim.endpoint';
  }
}

const endpoint = text(simLimits.endpointLength).superRefine((value, ctx) => {
  const problem = carrierEndpointProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
  }
});

/**
 * What a live connection needs before it is tried (the form and the server check the same): for
 * China Mobile OneLink an AppID and a password (entered now or stored); the stub carriers take
 * what is typed. A message key per field, or null.
 */
export function carrierConnectionProblems(input: { carrier: ConnectedCarrier; mode: ConnectionMode; account: string; secret: string | undefined; secretStored: boolean }): { account: string | null; secret: string | null } {
  if (input.mode !== 'live' || input.carrier !== 'mobile') {
    return { account: null, secret: null };
  }
  const secretKnown = input.secret === undefined ? input.secretStored : input.secret !== '';
  return { account: simLimits.appidPattern.test(input.account.trim()) ? null : 'validation.sim.appid', secret: secretKnown ? null : 'validation.sim.password' };
}

/** The first problem of carrierConnectionProblems (the server's refusal), or null. */
export function carrierConnectionProblem(input: Parameters<typeof carrierConnectionProblems>[0]): string | null {
  const problems = carrierConnectionProblems(input);
  return problems.account ?? problems.secret;
}

/**
 * `POST /general/sim/updateConnection` — one carrier's connection of the company. `secret`: omitted
 * keeps the stored one, '' clears it. `mode: live` for China Mobile OneLink is saved only after a
 * test call with these credentials succeeded (docs/sim.md "China Mobile OneLink").
 */
export const updateConnectionRequest = z.object({
  carrier: z.enum(connectedCarriers),
  mode: z.enum(connectionModes),
  account: text(simLimits.accountLength).optional(),
  secret: z.string().max(simLimits.secretLength, 'validation.tooLong').optional(),
  endpoint: endpoint.optional(),
  delaySeconds: numeric<number | string>(z.number().int().min(0).max(simLimits.simulatedDelayMaxSeconds)).optional(),
});
export type UpdateConnectionRequest = z.infer<typeof updateConnectionRequest>;

/**
 * `POST /general/sim/testConnection` — a test call to the carrier with these credentials (the
 * stored secret when none is sent), nothing saved → `ConnectionTestResult`.
 */
export const testConnectionRequest = z.object({
  carrier: z.enum(connectedCarriers),
  account: text(simLimits.accountLength).optional(),
  secret: z.string().max(simLimits.secretLength, 'validation.tooLong').optional(),
  endpoint: endpoint.optional(),
});
export type TestConnectionRequest = z.infer<typeof testConnectionRequest>;

/** `POST /general/sim/importFromCarrier {carrier}` — adds the cards the carrier holds for the company and the company has not → `CarrierImportResult`. */
export const importFromCarrierRequest = z.object({ carrier: z.enum(connectedCarriers) });
export type ImportFromCarrierRequest = z.infer<typeof importFromCarrierRequest>;

// ---- answers ----

/** The plan-exhaustion warning of a bound gateway (null when the plan lasts the period). */
export interface ExhaustionWarning {
  dataFrequency: number;
  payloadBytes: number;
  /** What the gateway sends per day, MB (payload plus protocol overhead). */
  dailyMb: number;
  /** Used at the end of the period at that rate, MB. */
  projectedMb: number;
  /** When the allowance runs out at that rate (epoch ms). */
  exhaustsAt: number;
  periodEnd: number;
}

export interface SimCardListItem {
  id: number;
  number: string;
  iccid: string;
  carrier: SimCarrier;
  status: SimStatus;
  state: DataCardState;
  usedMb: number;
  /** The allowance, MB; null until known (entered or reported by the carrier). */
  planMb: number | null;
  /** Used / allowance in % (null without an allowance), for the usage bar. */
  usedPercent: number | null;
  deviceId: number | null;
  deviceName: string | null;
  imsi: string | null;
  rawStatus: string | null;
  lastSyncAt: number | null;
  /** 'ok' or the carrier's / provider's message of the last sync. */
  lastSyncResult: string | null;
  /** An operation of the card is pending or submitted. */
  operationOpen: boolean;
}

export interface SimCard extends SimCardListItem {
  planName: string;
  planPeriod: PlanPeriod;
  remainingMb: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  activatedAt: number | null;
  expiresAt: number | null;
  alertPercent: number;
  dataFrequency: number | null;
  payloadBytes: number | null;
  remarks: string;
  createdAt: number;
  warning: ExhaustionWarning | null;
}

export interface SimOperation {
  id: number;
  cardId: number;
  number: string;
  iccid: string;
  carrier: SimCarrier;
  action: SimAction;
  /** The new allowance of a plan change. */
  planMb: number | null;
  state: OperationState;
  /** The carrier's message of a failure. */
  message: string | null;
  createdAt: number;
  submittedAt: number | null;
  finishedAt: number | null;
}

export interface SyncResult {
  /** Cards asked about. */
  cards: number;
  /** Operations handed to the carrier by this sync. */
  submitted: number;
  confirmed: number;
  failed: number;
  /** Cards whose carrier could not be asked (stub connection, no carrier, carrier error). */
  errors: number;
}

export interface UsageDay {
  /** Local date, yyyy-MM-dd. */
  day: string;
  usedMb: number;
}

export interface SimImportRowError {
  /** 1-based row of the file, the header being row 1. */
  row: number;
  column: string;
  message: string;
}
export interface SimImportReport {
  rows: number;
  imported: number;
  errors: SimImportRowError[];
}

export interface CarrierConnection {
  carrier: ConnectedCarrier;
  mode: ConnectionMode;
  account: string;
  endpoint: string;
  /** Whether a secret is stored (it is never shown). */
  secretSet: boolean;
  delaySeconds: number;
  /** Whether the connection's provider works: the simulated carrier and China Mobile OneLink do; the other carriers' APIs are stubs (docs/sim.md). */
  working: boolean;
  updatedAt: number | null;
}

/** The answer of a test call: ok, or the carrier's (or the network's) message. */
export interface ConnectionTestResult {
  ok: boolean;
  message: string | null;
}

/** A first import from the carrier: the cards it holds, those added, those the company had, those refused (with why). */
export interface CarrierImportResult {
  found: number;
  added: number;
  existing: number;
  skipped: { iccid: string; number: string; message: string }[];
}
