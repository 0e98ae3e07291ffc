// @vitest-environment jsdom
import { Button, Form } from 'antd';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataItemLimits, FieldType, type DataField } from '@smartdata/domain';
import { FieldValueInput } from './FieldValueInput';
import { fieldValueRule } from './RecordFormModal';

beforeAll(async () => {
  // jsdom has no matchMedia; antd's grid asks it for the screen size.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }),
    });
  }
  // Nor ResizeObserver; the auto-sizing text area asks for one.
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  await i18next.use(initReactI18next).init({ resources: { 'zh-CN': {} }, lng: 'zh-CN', fallbackLng: false, interpolation: { escapeValue: false } });
});

afterEach(cleanup);

const field = (type: DataField['type'], name: string): DataField => ({ name, fieldName: 'v', type, unit: '', priority: 1, required: false, indexed: false, decimalPlaces: null, dateDisplay: null });

function renderField(f: DataField, locale: 'zh-CN' | 'en-US') {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish}>
      <Form.Item name="v" label={f.name} rules={[fieldValueRule(f, 'Asia/Shanghai', locale)]}>
        <FieldValueInput field={f} />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return onFinish;
}

async function pasteAndSave(input: HTMLElement, text: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('a record value longer than its field (spec §8 数据过长)', () => {
  it('a text is kept whole and refused before sending with the field named, as the server says it', async () => {
    const onFinish = renderField(field(FieldType.text, '名称'), 'zh-CN');
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('maxlength')).toBeNull();
    await pasteAndSave(input, 'x'.repeat(dataItemLimits.textLength + 1));
    expect((input as HTMLInputElement).value).toHaveLength(dataItemLimits.textLength + 1);
    expect((await screen.findAllByText('名称：数据过长')).length).toBeGreaterThan(0);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('a long text in English; 255 emoji are 255 characters and pass', async () => {
    const onFinish = renderField(field(FieldType.longText, 'Remark'), 'en-US');
    const input = screen.getByRole('textbox');
    await pasteAndSave(input, 'y'.repeat(dataItemLimits.longTextLength + 1));
    expect((await screen.findAllByText('Remark: Data too long')).length).toBeGreaterThan(0);
    expect(onFinish).not.toHaveBeenCalled();
    await pasteAndSave(input, '😀'.repeat(dataItemLimits.textLength));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});
