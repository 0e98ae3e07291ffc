import type { ConnectedCarrier, ConnectionMode, PlanPeriod, SimAction, SimStatus } from '@smartdata/domain';

/**
 * The one interface behind which every carrier sits (docs/sim.md "Providers"): hand it an order,
 * ask it about cards. The simulated carrier (simulatedCarrier.ts) is the default and the only one
 * that works; the carriers' real APIs are stubs (liveCarrierStubs.ts).
 */

/** A company's connection to one carrier, secret opened. */
export interface ConnectionSettings {
  carrier: ConnectedCarrier;
  mode: ConnectionMode;
  account: string;
  secret: string | null;
  endpoint: string;
  /** The simulated carrier's delay before an accepted order takes effect. */
  delaySeconds: number;
}

export interface ProviderContext {
  companyId: number;
  connection: ConnectionSettings;
  now: number;
  timeZone: string;
}

/** What a provider is told of a card. */
export interface CarrierCardRef {
  iccid: string;
  carrier: ConnectedCarrier;
  planMb: number | null;
  planPeriod: PlanPeriod;
}

export interface CarrierOrder {
  action: SimAction;
  planMb: number | null;
}

/** A message is a text key of simMessages (`key|arg`) or a carrier's own text. */
export type SubmitAnswer = { accepted: true; ref: string } | { accepted: false; message: string };

/** What the carrier says of a card now. */
export interface CarrierLine {
  status: SimStatus;
  /** The carrier's own status code. */
  rawStatus: string;
  usedMb: number;
  planMb: number;
  periodStart: number;
  activatedAt: number | null;
  expiresAt: number | null;
  /** Orders that have taken effect (null) or that the carrier gave up (its message), by ref. */
  finished: Record<string, string | null>;
}

export type LineAnswer = { ok: true; line: CarrierLine } | { ok: false; message: string };

export interface CarrierProvider {
  /** False for a stub: the console says so and never presents it as working. */
  readonly working: boolean;
  submit(context: ProviderContext, card: CarrierCardRef, order: CarrierOrder): Promise<SubmitAnswer>;
  query(context: ProviderContext, cards: readonly CarrierCardRef[]): Promise<Map<string, LineAnswer>>;
}
