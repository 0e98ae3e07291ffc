import { describe, expect, it } from 'vitest';
import type { DeviceTransportInfo } from '@smartdata/domain';
import { exampleCommands, fillSn, hostAndPort, takesMqtt5 } from './connectCommands';

const subject = { sn: 'SN001', secret: '<secret>', telemetryTopic: 'sd/{sn}/up/telemetry' };

describe('the example commands of each transport', () => {
  it('plain MQTT: mosquitto_pub with the host and port of the URL, MQTT 3.1.1, SN as user and client id', () => {
    const [command] = exampleCommands({ kind: 'mqtt', url: 'mqtt://iot.example.com:1883', protocolVersions: ['3.1.1'] }, subject);
    expect(command).toEqual({
      key: 'mosquitto',
      text: `mosquitto_pub -h iot.example.com -p 1883 -V mqttv311 -u SN001 -P <secret> -i SN001 -t sd/SN001/up/telemetry -m '{"values":{"temperature":21.5}}' -q 1`,
    });
  });

  it('MQTTS with the private CA: download it, then mosquitto_pub --cafile; without a CA the system store', () => {
    const withCa: DeviceTransportInfo = { kind: 'mqtts', url: 'mqtts://[::1]:8883', protocolVersions: ['3.1.1'], caUrl: 'http://console:8080/general/device/getBrokerCa' };
    const commands = exampleCommands(withCa, subject);
    expect(commands.map((c) => c.key)).toEqual(['downloadCa', 'mosquittoTls']);
    expect(commands[0]!.text).toBe('curl -fsS -o smartdata-mqtt-ca.crt http://console:8080/general/device/getBrokerCa');
    expect(commands[1]!.text).toContain('-h ::1 -p 8883 --cafile smartdata-mqtt-ca.crt -V mqttv311');
    const withoutCa = exampleCommands({ kind: 'mqtts', url: 'mqtts://iot.example.com:8883' }, subject);
    expect(withoutCa.map((c) => c.text.includes('--capath /etc/ssl/certs'))).toEqual([true]);
  });

  it('HTTP: curl with HTTP Basic on the telemetry and event URLs, the SN filled in', () => {
    const commands = exampleCommands(
      { kind: 'http', url: 'http://c/general/device-api/v1/{sn}/telemetry', eventUrl: 'http://c/general/device-api/v1/{sn}/event' },
      subject,
    );
    expect(commands.map((c) => c.text)).toEqual([
      `curl -u SN001:<secret> -H 'content-type: application/json' -d '{"values":{"temperature":21.5}}' http://c/general/device-api/v1/SN001/telemetry`,
      `curl -u SN001:<secret> -H 'content-type: application/json' -d '{"type":"alarm","code":"E101","level":2,"text":"Door open"}' http://c/general/device-api/v1/SN001/event`,
    ]);
  });

  it('reads versions and URLs as answered', () => {
    expect(takesMqtt5({ kind: 'mqtt', url: 'mqtt://h:1', protocolVersions: ['3.1.1'] })).toBe(false);
    expect(takesMqtt5({ kind: 'mqtt', url: 'mqtt://h:1', protocolVersions: ['3.1.1', '5'] })).toBe(true);
    expect(hostAndPort('ws://h/mqtt')).toBeNull();
    expect(fillSn('a/{sn}/b/{sn}', 'X')).toBe('a/X/b/X');
  });
});
