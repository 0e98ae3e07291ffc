// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import zh from '../locales/zh-CN.json';
import en from '../locales/en-US.json';
import { scannedSerials, SerialScanField, serialScanRule } from './SerialScanField';

beforeAll(async () => {
  // jsdom has no ResizeObserver; the auto-sizing text area asks for one.
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  await i18next.use(initReactI18next).init({
    resources: { 'zh-CN': { inventory: zh }, 'en-US': { inventory: en } },
    lng: 'zh-CN',
    supportedLngs: ['zh-CN', 'en-US'],
    fallbackLng: false,
    defaultNS: 'inventory',
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('zh-CN');
});

function Box({ left }: { left?: number }) {
  const [value, setValue] = useState('');
  return <SerialScanField id="serials" value={value} onChange={setValue} left={left} />;
}

describe('SerialScanField', () => {
  it('counts distinct serials against what is left, drops repeats and lists what is no serial', () => {
    render(<Box left={3} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'UNIT0001\nUNIT0002, unit0001 a/b' } });
    expect(screen.getByTestId('serial-count').textContent).toContain('已识别 2 个 · 还需 3 个');
    expect(screen.getByTestId('serial-count').textContent).toContain('已去掉 1 个重复');
    expect(screen.getByTestId('serial-invalid').textContent).toContain('a/b');
  });

  it('speaks English', async () => {
    await i18next.changeLanguage('en-US');
    render(<Box />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'UNIT0001 UNIT0002' } });
    expect(screen.getByTestId('serial-count').textContent).toBe('2 serials recognised');
    expect(screen.queryByTestId('serial-invalid')).toBeNull();
  });
});

describe('serialScanRule', () => {
  const t = i18next.getFixedT('zh-CN', 'inventory');
  it('refuses entries that are no serial, an empty box and more than is left; passes a good scan', async () => {
    await expect(serialScanRule(t).validator(null, 'GOOD1 a/b')).rejects.toThrow('序列号须为 4 到 32 位字母、数字、下划线或连字符：请改正上面标红的 1 个');
    await expect(serialScanRule(t).validator(null, '  ')).rejects.toThrow('请扫码或粘贴序列号');
    await expect(serialScanRule(t, { left: 1 }).validator(null, 'GOOD1 GOOD2')).rejects.toThrow('超出可用数量 1');
    await expect(serialScanRule(t, { left: 2 }).validator(null, 'GOOD1, GOOD2')).resolves.toBeUndefined();
    await expect(serialScanRule(t, { required: false }).validator(null, '')).resolves.toBeUndefined();
    expect(scannedSerials('GOOD1\ngood1 GOOD2')).toEqual(['GOOD1', 'GOOD2']);
  });
});
