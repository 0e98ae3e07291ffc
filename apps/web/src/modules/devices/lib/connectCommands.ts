import type { DeviceTransportInfo } from '@smartdata/domain';

/** The file name the CA is saved as (the name getBrokerCa's download gives it). */
export const caFileName = 'smartdata-mqtt-ca.crt';

/** The example telemetry body (as on sd/{sn}/up/telemetry). */
export const exampleTelemetry = '{"values":{"temperature":21.5}}';
/** The example event body (as on sd/{sn}/up/event). */
export const exampleEvent = '{"type":"alarm","code":"E101","level":2,"text":"Door open"}';

/** What the commands are filled with: a device's SN, or placeholders on the device-access page. */
export interface CommandSubject {
  sn: string;
  secret: string;
  /** The telemetry topic with `{sn}`, e.g. `sd/{sn}/up/telemetry`. */
  telemetryTopic: string;
}

/** One example command: what it does (an i18n key of devices' `transports.commands`) and its text. */
export interface ExampleCommand {
  key: 'mosquitto' | 'downloadCa' | 'mosquittoTls' | 'mqttJs' | 'curlTelemetry' | 'curlEvent';
  text: string;
}

/** Host and port of `mqtt://host:1883` / `mqtts://[::1]:8883`; null when the URL has no port. */
export function hostAndPort(url: string): { host: string; port: string } | null {
  const match = /^[a-z]+:\/\/(\[[^\]]+\]|[^/:]+):(\d+)/i.exec(url);
  return match ? { host: match[1].replace(/^\[|\]$/g, ''), port: match[2] } : null;
}

/** A URL of the answer with this device's SN in place of `{sn}`. */
export function fillSn(url: string, sn: string): string {
  return url.split('{sn}').join(sn);
}

/** True when the transport's broker takes MQTT 5. */
export function takesMqtt5(transport: DeviceTransportInfo): boolean {
  return (transport.protocolVersions ?? []).some((version) => version === '5' || version.startsWith('5.'));
}

/**
 * The copyable example commands of one transport: mosquitto_pub (Debian's mosquitto-clients) for
 * MQTT and MQTTS (with the downloaded CA when the platform made the certificate, else the
 * system's trusted CAs), an MQTT.js line for WebSocket, curl for the HTTP API.
 */
export function exampleCommands(transport: DeviceTransportInfo, subject: CommandSubject): ExampleCommand[] {
  const { sn, secret } = subject;
  const topic = fillSn(subject.telemetryTopic, sn);
  const mosquitto = (url: string, tls: string) => {
    const at = hostAndPort(url);
    return `mosquitto_pub -h ${at?.host ?? url} -p ${at?.port ?? ''}${tls} -V mqttv311 -u ${sn} -P ${secret} -i ${sn} -t ${topic} -m '${exampleTelemetry}' -q 1`;
  };
  switch (transport.kind) {
    case 'mqtt':
      return [{ key: 'mosquitto', text: mosquitto(transport.url, '') }];
    case 'mqtts':
      return transport.caUrl
        ? [
            { key: 'downloadCa', text: `curl -fsS -o ${caFileName} ${transport.caUrl}` },
            { key: 'mosquittoTls', text: mosquitto(transport.url, ` --cafile ${caFileName}`) },
          ]
        : [{ key: 'mosquittoTls', text: mosquitto(transport.url, ' --capath /etc/ssl/certs') }];
    case 'ws':
    case 'wss':
      return [{ key: 'mqttJs', text: `mqtt.connect('${transport.url}', { clientId: '${sn}', username: '${sn}', password: '${secret}', protocolVersion: 4 })` }];
    case 'http': {
      const curl = (url: string, body: string) => `curl -u ${sn}:${secret} -H 'content-type: application/json' -d '${body}' ${fillSn(url, sn)}`;
      return [
        { key: 'curlTelemetry', text: curl(transport.url, exampleTelemetry) },
        ...(transport.eventUrl ? [{ key: 'curlEvent' as const, text: curl(transport.eventUrl, exampleEvent) }] : []),
      ];
    }
  }
}
