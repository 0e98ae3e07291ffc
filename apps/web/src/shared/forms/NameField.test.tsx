// @vitest-environment jsdom
import { Button, Form } from 'antd';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits, nameSchema } from '@smartdata/domain';
import { FormProblem } from './FormProblem';
import { NameField } from './NameField';
import { SwitchField } from './SwitchField';

beforeAll(async () => {
  // jsdom has no matchMedia; antd's grid asks it for the screen size.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }),
    });
  }
  await i18next.use(initReactI18next).init({ resources: { 'zh-CN': {} }, lng: 'zh-CN', fallbackLng: false, interpolation: { escapeValue: false } });
});

afterEach(cleanup);

/** A form with the field under test and a save button; `onFinish` sees the values once every rule holds. */
function renderForm(field: React.ReactNode, onFinish = vi.fn(), initialValues: Record<string, unknown> = {}) {
  render(
    <Form layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      {field}
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return onFinish;
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('NameField', () => {
  it('refuses a blank name with the domain’s text and sends nothing', async () => {
    const onFinish = renderForm(<NameField schema={nameSchema} label="名称" max={limits.generalNameLength} />, vi.fn(), { name: '   ' });
    await save();
    expect((await screen.findAllByText('名称不能为空')).length).toBeGreaterThan(0);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('sends a valid name under its field', async () => {
    const onFinish = renderForm(<NameField schema={nameSchema} label="名称" max={limits.generalNameLength} />, vi.fn(), { name: '一号车间' });
    await save();
    expect(onFinish).toHaveBeenCalledWith({ name: '一号车间' });
  });

  it('stops typing at the longest name by default, and counts', () => {
    renderForm(<NameField schema={nameSchema} label="名称" max={25} placeholder="输入名称" />);
    const input = screen.getByPlaceholderText('输入名称');
    expect(input.getAttribute('maxlength')).toBe('25');
    expect(screen.getByText('0 / 25')).toBeTruthy();
  });

  it("with counter 'count' lets a longer name in and refuses it with the schema's text", async () => {
    const onFinish = renderForm(<NameField schema={nameSchema} label="名称" max={limits.generalNameLength} counter="count" name="displayName" />, vi.fn(), { displayName: 'x'.repeat(limits.generalNameLength + 1) });
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('maxlength')).toBeNull();
    expect(screen.getByText(`${limits.generalNameLength + 1} / ${limits.generalNameLength}`)).toBeTruthy();
    await save();
    expect(onFinish).not.toHaveBeenCalled();
    expect((await screen.findAllByText('内容过长')).length).toBeGreaterThan(0);
  });

  it("with counter 'none' shows no count", () => {
    renderForm(<NameField schema={nameSchema} label="名称" max={25} counter="none" />);
    expect(screen.getByRole('textbox').getAttribute('maxlength')).toBe('25');
    expect(screen.queryByText('0 / 25')).toBeNull();
  });
});

describe('SwitchField', () => {
  it('holds a boolean the form sends', async () => {
    const onFinish = renderForm(<SwitchField name="enabled" label="启用" />, vi.fn(), { enabled: true });
    fireEvent.click(screen.getByRole('switch'));
    await save();
    expect(onFinish).toHaveBeenCalledWith({ enabled: false });
  });
});

describe('FormProblem', () => {
  it('says the problem aloud, and nothing without one', () => {
    const { rerender } = render(<FormProblem problem={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormProblem problem="清除阈值须低于告警阈值" />);
    expect(screen.getByRole('alert').textContent).toBe('清除阈值须低于告警阈值');
  });
});
