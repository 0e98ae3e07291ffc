// Types of scripts/mosquitto.mjs for the TypeScript tests that import it.

export const SHARE_GROUP: string;
export const PLATFORM_ACLS: { acltype: string; topic: string; allow: boolean }[];

/** The first port of `from`…`to` free on 127.0.0.1 right now, or null. */
export function freePortIn(from: number, to: number): Promise<number | null>;

export function findMosquitto(): { mosquitto: string; ctrl: string; plugin: string } | null;

export interface ThrowawayMosquitto {
  /** MQTT_URL of the platform's admin account: mqtt://user:pass@127.0.0.1:port */
  url: string;
  host: string;
  /** The platform's listener (MQTT_URL). */
  port: number;
  /** The devices' listener: `use_username_as_clientid` (a device's client id is its SN). */
  devicePort: number;
  adminUser: string;
  adminPassword: string;
  dir: string;
  dynsecFile: string;
  logFile: string;
  pid: number;
  /** SIGTERM and the folder goes (synchronous, idempotent). */
  stop(): void;
  /** Waits for the broker's exit, then removes the folder. */
  close(): Promise<void>;
  /** The end of the broker's log. */
  log(): string;
}

export function startThrowawayMosquitto(options?: {
  port?: number;
  devicePort?: number;
  adminUser?: string;
  adminPassword?: string;
  log?: (line: string) => void;
  timeoutMs?: number;
}): Promise<ThrowawayMosquitto>;
