import { brokerCaPath, deviceApiPaths, mqttWebSocketPath, type DeviceTransportInfo } from '@smartdata/domain';
import type { AppConfig } from '../config';
import type { Broker } from './mqtt';

/** What the embedded broker speaks (docs/decisions.md, "MQTT 5 on the embedded broker"). */
export const embeddedProtocolVersions = ['3.1.1', '5'];
/** An external broker (Mosquitto 2, EMQX) takes both. */
export const externalProtocolVersions = ['3.1.1', '5'];

/** The request as far as the console's own address goes (Fastify's, behind TRUST_PROXY too). */
export interface RequestAddress {
  /** Host name without the port. */
  hostname: string;
  /** Host with the port, as the browser used it. */
  host: string;
  protocol: string;
}

/**
 * The plain MQTT port devices use: MQTT_PUBLIC_PORT, else the embedded listener's (`brokerPort`),
 * else MQTT_URL's (1883 when it names none); null: no plain listener. The one rule of
 * getConnectInfo, the transports and the device-access page.
 */
export function publicMqttPort(config: AppConfig, brokerPort: number | null): number | null {
  if (config.mqttPublicPort) {
    return config.mqttPublicPort;
  }
  if (brokerPort) {
    return brokerPort;
  }
  if (config.mqttUrl) {
    const port = Number(new URL(config.mqttUrl).port);
    return port > 0 ? port : 1883;
  }
  return null;
}

/**
 * Every way a device reaches this server, as it is configured: plain MQTT, MQTTS (with the CA's
 * URL when the platform made the certificate), MQTT over WebSocket on the console's own address,
 * and the HTTP device API. With an external broker (MQTT_URL) the MQTT kinds are the ones given
 * for it (MQTT_PUBLIC_HOST / _PORT / _TLS_PORT); the HTTP API is this server's either way.
 */
export function deviceTransports(config: AppConfig, broker: Broker | null, request: RequestAddress): DeviceTransportInfo[] {
  const host = config.mqttPublicHost ?? request.hostname;
  const secureConsole = request.protocol === 'https';
  const origin = `${secureConsole ? 'https' : 'http'}://${request.host}`;
  const transports: DeviceTransportInfo[] = [];
  const versions = broker ? embeddedProtocolVersions : externalProtocolVersions;
  const plainPort = publicMqttPort(config, broker?.port ?? null);
  if (plainPort !== null && (broker ? broker.port !== null : config.mqttUrl !== undefined)) {
    transports.push({ kind: 'mqtt', url: `mqtt://${host}:${plainPort}`, protocolVersions: versions });
  }
  const tlsPort = config.mqttPublicTlsPort ?? broker?.tlsPort ?? null;
  if (tlsPort !== null && (broker ? broker.tlsPort !== null : true)) {
    transports.push({ kind: 'mqtts', url: `mqtts://${host}:${tlsPort}`, protocolVersions: versions, ...(broker?.caPem ? { caUrl: `${origin}${brokerCaPath}` } : {}) });
  }
  if (broker) {
    transports.push({ kind: secureConsole ? 'wss' : 'ws', url: `${secureConsole ? 'wss' : 'ws'}://${request.host}${mqttWebSocketPath}`, protocolVersions: versions });
  }
  transports.push({ kind: 'http', url: `${origin}${deviceApiPaths.telemetry('{sn}')}`, eventUrl: `${origin}${deviceApiPaths.event('{sn}')}` });
  return transports;
}
