/**
 * How a device reaches the platform (`GET /general/device/getConnectInfo`, issue 37): each
 * transport the running server offers, with its URL. A URL may hold `{sn}` (the HTTP API's).
 */
export const deviceTransportKinds = ['mqtt', 'mqtts', 'ws', 'wss', 'http'] as const;
export type DeviceTransportKind = (typeof deviceTransportKinds)[number];

export interface DeviceTransportInfo {
  kind: DeviceTransportKind;
  /** mqtt://host:1883, mqtts://host:8883, ws(s)://console/mqtt, or the HTTP telemetry URL with `{sn}`. */
  url: string;
  /** The MQTT kinds: the protocol versions the broker takes, e.g. ['3.1.1'] or ['3.1.1', '5']. */
  protocolVersions?: string[];
  /** mqtts with the platform's private CA: where its certificate (PEM) is downloaded. */
  caUrl?: string;
  /** http: the event URL (with `{sn}`) beside the telemetry one. */
  eventUrl?: string;
}

export interface DeviceConnectInfo {
  /** The plain MQTT host and port (kept for older clients; also in `transports`). */
  host: string;
  port: number | null;
  topics: { telemetry: string; event: string; online: string; command: string };
  transports: DeviceTransportInfo[];
}

/** The HTTP device API (HTTP Basic: SN and secret); bodies as on MQTT. */
export const deviceApiPaths = {
  telemetry: (sn: string) => `/general/device-api/v1/${sn}/telemetry`,
  event: (sn: string) => `/general/device-api/v1/${sn}/event`,
} as const;

/** The WebSocket path of MQTT on the console's HTTP port. */
export const mqttWebSocketPath = '/mqtt';

/** Where the platform's private CA certificate is downloaded (PEM). */
export const brokerCaPath = '/general/device/getBrokerCa';
