/** Tables of telemetry ingest (docs/telemetry.md). */

/** An IoT data list (kind 13) fed by one device; an item has at most one device. */
export interface TelemetryBindingTable {
  item_id: number;
  company_id: number;
  device_id: number;
  created_by: number | null;
  created_at: number;
}

/** Values received per company and UTC hour (by the values' own instants). */
export interface TelemetryCountTable {
  company_id: number;
  hour_ts: number;
  value_count: number;
  record_count: number;
  unknown_count: number;
}

export interface TelemetryTables {
  telemetry_binding: TelemetryBindingTable;
  telemetry_count: TelemetryCountTable;
}
