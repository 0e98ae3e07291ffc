import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from './zh-CN.json';
import en from './en-US.json';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    resources: { 'zh-CN': { devices: zh }, 'en-US': { devices: en } },
    lng: 'en-US',
    supportedLngs: ['zh-CN', 'en-US'],
    fallbackLng: false,
    defaultNS: 'devices',
    interpolation: { escapeValue: false },
  });
});

/** The device list's total (issue 13 point 11): "1 device", not "1 devices". */
describe('the device list total', () => {
  it('is singular for one device and plural otherwise in English', () => {
    const t = i18n.getFixedT('en-US', 'devices');
    expect(t('list.total', { count: 1 })).toBe('1 device');
    expect(t('list.total', { count: 0 })).toBe('0 devices');
    expect(t('list.total', { count: 12 })).toBe('12 devices');
  });

  it('reads 共 N 台 in Chinese', () => {
    const t = i18n.getFixedT('zh-CN', 'devices');
    expect(t('list.total', { count: 1 })).toBe('共 1 台');
    expect(t('list.total', { count: 3 })).toBe('共 3 台');
  });
});
