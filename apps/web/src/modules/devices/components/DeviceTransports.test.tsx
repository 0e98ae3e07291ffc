// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceTransportInfo } from '@smartdata/domain';
import zh from '../locales/zh-CN.json';
import en from '../locales/en-US.json';
import { DeviceTransports } from './DeviceTransports';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { 'zh-CN': { devices: zh }, 'en-US': { devices: en } },
    lng: 'zh-CN',
    supportedLngs: ['zh-CN', 'en-US'],
    fallbackLng: false,
    defaultNS: 'devices',
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('zh-CN');
});

const show = (transports: DeviceTransportInfo[]) =>
  render(
    <App>
      <DeviceTransports transports={transports} />
    </App>,
  );

describe('the transports as the server answers them', () => {
  it('an MQTT 3.1.1 broker: the versions shown and MQTT 5 said to need an external broker, in both languages', async () => {
    show([{ kind: 'mqtt', url: 'mqtt://h:1883', protocolVersions: ['3.1.1'] }]);
    expect(screen.getByTestId('transport-mqtt-versions').textContent).toBe('MQTT 3.1.1');
    expect(screen.getByTestId('transport-mqtt-no-mqtt5').textContent).toContain('MQTT 5 设备需要由平台运维配置的外部 MQTT 服务器');
    cleanup();
    await i18next.changeLanguage('en-US');
    show([{ kind: 'mqtt', url: 'mqtt://h:1883', protocolVersions: ['3.1.1'] }]);
    expect(screen.getByTestId('transport-mqtt-no-mqtt5').textContent).toContain('MQTT 5 devices need an external broker');
  });

  it('a broker taking 5: both versions, no note; MQTTS without a CA says the certificate is the operator’s', () => {
    show([{ kind: 'mqtts', url: 'mqtts://h:8883', protocolVersions: ['3.1.1', '5'] }]);
    expect(screen.getByTestId('transport-mqtts-versions').textContent).toBe('MQTT 3.1.1MQTT 5');
    expect(screen.queryByTestId('transport-mqtts-no-mqtt5')).toBeNull();
    expect(screen.queryByTestId('transport-mqtts-ca')).toBeNull();
    expect(screen.getByTestId('transport-mqtts-no-ca').textContent).toContain('运维提供的证书');
    expect(screen.getByTestId('transport-mqtts-command-mosquittoTls').textContent).toContain('--capath /etc/ssl/certs');
  });

  it('nothing offered: says so', () => {
    show([]);
    expect(screen.getByText('服务器未提供任何接入方式')).toBeTruthy();
  });
});
