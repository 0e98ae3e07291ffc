import type { ConnectedCarrier, ConnectionMode, PlanPeriod, SimAction, SimStatus } from '@smartdata/domain';

/**
 * The one interface behind which every carrier sits (docs/sim.md "Providers"): hand it an order,
 * ask it about cards. The simulated carrier (simulatedCarrier.ts) is the default; China Mobile
 * OneLink is a live provider (oneLinkProvider.ts); China Unicom's and China Telecom's APIs are
 * stubs (liveCarrierStubs.ts).
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
  /**
   * Refs of the card's orders handed over and not yet finished: a provider whose carrier has no
   * order status to ask confirms them by the card's status (OneLink).
   */
  submitted?: readonly string[];
}

export interface CarrierOrder {
  action: SimAction;
  planMb: number | null;
}

/**
 * A message is a text key of simMessages (`key|arg`) or a carrier's own text. `retryLater`: the
 * carrier did not refuse the order but could not take it now (a rate limit): it stays pending and
 * the next sync hands it over again.
 */
export type SubmitAnswer = { accepted: true; ref: string } | { accepted: false; message: string; retryLater?: boolean };

/** What the carrier says of a card now. */
export interface CarrierLine {
  status: SimStatus;
  /** The carrier's own status code. */
  rawStatus: string;
  usedMb: number;
  /** The allowance the carrier reports; null when it reports none (the card's record is kept). */
  planMb: number | null;
  periodStart: number;
  activatedAt: number | null;
  expiresAt: number | null;
  /** Orders that have taken effect (null) or that the carrier gave up (its message), by ref. */
  finished: Record<string, string | null>;
  /**
   * MB per local day (yyyy-MM-dd) the carrier itself reports for whole days: these days take the
   * carrier's figure instead of a share of the traffic spread since the last sync.
   */
  days?: { day: string; usedMb: number }[];
}

export type LineAnswer = { ok: true; line: CarrierLine } | { ok: false; message: string };

/** A card as the carrier lists it for a first import. */
export interface CarrierCardInfo {
  iccid: string;
  msisdn: string;
  imsi: string | null;
}

export type ProviderCheck = { ok: true } | { ok: false; message: string };

export interface CarrierProvider {
  /** False for a stub: the console says so and never presents it as working. */
  readonly working: boolean;
  submit(context: ProviderContext, card: CarrierCardRef, order: CarrierOrder): Promise<SubmitAnswer>;
  query(context: ProviderContext, cards: readonly CarrierCardRef[]): Promise<Map<string, LineAnswer>>;
  /** A call that proves the connection's credentials (live providers); `mode: live` is saved only after it passed. */
  test?(context: ProviderContext): Promise<ProviderCheck>;
  /** Every card the carrier holds for the connection's account, paged through (a first import). */
  listCards?(context: ProviderContext): Promise<{ ok: true; cards: CarrierCardInfo[] } | { ok: false; message: string }>;
}
