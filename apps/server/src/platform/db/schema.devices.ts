import type { Generated } from 'kysely';

/** Tables of devices and gateways (docs/devices.md). */

export interface DeviceTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  sn: string;
  model: string;
  address: string;
  remarks: string;
  /** JSON list of object keys. */
  pictures: string;
  /** SHA-256 (hex) of the device secret; the secret itself is shown once. */
  secret_hash: string;
  /**
   * The secret sealed with the settings secret (platform/secretBox.ts), for writing it into an
   * external Mosquitto's dynamic security (issue 22); null for devices registered before.
   */
  secret_sealed: string | null;
  /** Lifecycle status 0/1/2/3/4/9. */
  status: number;
  bind_state: string;
  bind_cmd_id: string | null;
  bind_code: string | null;
  bind_expires_at: number | null;
  /** A claim by a customer's company (issue 18): who asked, until the device confirms. */
  bind_company_id: number | null;
  bind_user_id: number | null;
  /** Message key of the last binding outcome (timeout, refused). */
  bind_message: string | null;
  online: number;
  last_seen_at: number | null;
  firmware_version: string | null;
  ota_job_id: number | null;
  config_state: string;
  config_cmd_id: string | null;
  config_version: number | null;
  config_message: string | null;
  config_reasons: string;
  config_deadline: number | null;
  detect_state: string;
  detect_cmd_id: string | null;
  detect_flow: string | null;
  detect_message: string | null;
  detect_reasons: string;
  detect_deadline: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface DeviceFirmwareTable {
  id: Generated<number>;
  company_id: number;
  model: string;
  version: string;
  object_key: string;
  file_name: string;
  size: number;
  sha256: string;
  remarks: string;
  created_by: number | null;
  created_at: number;
}

export interface DeviceOtaTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  firmware_id: number;
  cmd_id: string;
  from_version: string | null;
  to_version: string;
  /** progress, success, failed */
  state: string;
  percent: number;
  message: string | null;
  deadline: number;
  created_by: number | null;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface GatewayConfigTable {
  device_id: number;
  company_id: number;
  /** The saved flow document (JSON). */
  flow: string;
  saved_at: number;
  saved_by: number | null;
  applied_version: number | null;
}

export interface GatewayConfigVersionTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  version: number;
  reason: string;
  state: string;
  flow: string;
  created_by: number | null;
  created_at: number;
}

export interface GatewayCertificateTable {
  id: Generated<number>;
  company_id: number;
  file_name: string;
  pem: string;
  subject: string;
  issuer: string;
  valid_from: number;
  valid_to: number;
  fingerprint256: string;
  is_ca: number;
  self_signed: number;
  created_by: number | null;
  created_at: number;
}

export interface DeviceTables {
  device: DeviceTable;
  device_firmware: DeviceFirmwareTable;
  device_ota: DeviceOtaTable;
  gateway_config: GatewayConfigTable;
  gateway_config_version: GatewayConfigVersionTable;
  gateway_certificate: GatewayCertificateTable;
}
