// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BindState, LifecycleStatus } from '@smartdata/domain';
import zh from '../locales/zh-CN.json';
import en from '../locales/en-US.json';
import { DeviceStateTags } from './DeviceTags';

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

function renderTags(status: LifecycleStatus, bindState: BindState) {
  render(<DeviceStateTags device={{ online: true, status, bindState }} />);
}

describe('the device state tags of the detail header', () => {
  it('says a bound device is bound once, in both languages', async () => {
    renderTags(4, 'bound');
    expect(screen.getAllByText('已绑定')).toHaveLength(1);
    expect(screen.getByText('在线')).toBeTruthy();
    cleanup();
    await i18next.changeLanguage('en-US');
    renderTags(4, 'bound');
    expect(screen.getAllByText('Bound')).toHaveLength(1);
  });

  it('shows the binding beside the lifecycle while it says more', () => {
    renderTags(3, 'awaiting');
    expect(screen.getByText('已出库')).toBeTruthy();
    expect(screen.getByText('等待设备确认')).toBeTruthy();
    cleanup();
    renderTags(0, 'unbound');
    expect(screen.getByText('已创建未入库')).toBeTruthy();
    expect(screen.getByText('未绑定')).toBeTruthy();
  });
});
