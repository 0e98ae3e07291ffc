import type { Generated } from 'kysely';

/** Tables of SIM traffic cards (migration 2026-11-28-250-sim, modules/sim, docs/sim.md). Instants epoch ms. */

/** A data card of the company. */
export interface SimCardTable {
  id: Generated<number>;
  company_id: number;
  number: string;
  iccid: string;
  imsi: string | null;
  /** none, mobile, unicom, telecom (spec §3). */
  carrier: string;
  plan_name: string;
  /** monthly, quarterly, yearly. */
  plan_period: string;
  /** Allowance in MB; null until entered or reported. */
  plan_mb: number | null;
  used_mb: number;
  /** used_mb / plan_mb in % (null without an allowance): kept for the usage filter and its index. */
  used_pct: number | null;
  period_start: number | null;
  activated_at: number | null;
  expires_at: number | null;
  device_id: number | null;
  /** none, normal, suspended, silent, test, suspendedKept (spec §3). */
  status: string;
  /** The carrier's own status code, as reported. */
  raw_status: string | null;
  /** notActivated, running, abnormal (spec §4). */
  state: string;
  last_sync_at: number | null;
  /** 'ok' or the carrier's message. */
  last_sync_result: string | null;
  remarks: string;
  alert_percent: number;
  /** The period start for which the threshold alert was raised (one alert per period). */
  alerted_period: number | null;
  data_frequency: number | null;
  payload_bytes: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A carrier operation on a card: pending → submitted → confirmed | failed. */
export interface SimOperationTable {
  id: Generated<number>;
  company_id: number;
  card_id: number;
  carrier: string;
  /** activate, suspend, resume, changePlan. */
  action: string;
  plan_mb: number | null;
  plan_name: string | null;
  state: string;
  message: string | null;
  /** The carrier's reference of the submitted order. */
  carrier_ref: string | null;
  created_by: number | null;
  created_at: number;
  submitted_at: number | null;
  finished_at: number | null;
}

/** MB a card used on one local day (yyyy-MM-dd of the company zone). */
export interface SimUsageDayTable {
  company_id: number;
  card_id: number;
  day: string;
  used_mb: number;
}

/** One carrier's connection of a company: the simulated carrier or the carrier's API (a stub). */
export interface SimConnectionTable {
  company_id: number;
  carrier: string;
  mode: string;
  account: string;
  /** Sealed with the settings secret (platform/secretBox.ts); null when none. */
  secret: string | null;
  endpoint: string;
  delay_seconds: number;
  updated_by: number | null;
  updated_at: number;
}

/**
 * The simulated carrier's own records (its "carrier-side database"): what it knows of each card, by
 * company and ICCID. Only the simulated provider of modules/sim reads and writes it.
 */
export interface SimSimulatedLineTable {
  company_id: number;
  iccid: string;
  status: string;
  status_since: number;
  plan_mb: number;
  used_mb: number;
  /** Usage is accounted up to this instant. */
  used_at: number;
  period_start: number;
  activated_at: number | null;
  /** JSON: changes accepted and due at an instant [{ref, action, planMb, at}]. */
  scheduled: string;
  /** JSON: refs of orders that have taken effect. */
  done: string;
  /** Orders counter, for refs. */
  orders: number;
}

export interface SimTables {
  sim_card: SimCardTable;
  sim_operation: SimOperationTable;
  sim_usage_day: SimUsageDayTable;
  sim_connection: SimConnectionTable;
  sim_simulated_line: SimSimulatedLineTable;
}
