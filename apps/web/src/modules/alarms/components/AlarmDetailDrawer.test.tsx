// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as renderDom, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmView } from '@smartdata/domain';
import zh from '../locales/zh-CN.json';
import { AlarmDetailDrawer } from './AlarmDetailDrawer';

beforeAll(async () => {
  // jsdom has no matchMedia; antd's Descriptions asks it for the screen size.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }),
    });
  }
  await i18next.use(initReactI18next).init({
    resources: { 'zh-CN': { alarms: zh } },
    lng: 'zh-CN',
    fallbackLng: false,
    defaultNS: 'alarms',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

// The drawer reads the alarm's delivery log; here it never answers (the log has its own e2e test).
const render = (ui: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
};

const base: AlarmView = {
  id: 1, ruleId: 2, watchId: null, ruleName: '锅炉温度过高', target: { kind: 'field', itemId: 3, fieldName: 'temperature' }, targetName: '锅炉数据 · 温度',
  level: 3, state: 'active', source: 2, value: 61.5, valueTime: 1_699_977_600_000, kind: 'threshold', firstTime: 1_700_000_000_000, lastTime: 1_700_000_060_000, count: 2,
  ackBy: null, ackByName: null, ackTime: null, ackNote: null, clearBy: null, clearByName: null, clearTime: null, clearNote: null,
};

describe('the handling record of an alarm', () => {
  it('says an open alarm is not acknowledged yet', () => {
    render(<AlarmDetailDrawer alarm={base} onClose={() => undefined} />);
    expect(screen.getByText('告警详情')).toBeTruthy();
    expect(screen.getByText('尚未确认')).toBeTruthy();
    expect(screen.getByText(/触发值 61.5/)).toBeTruthy();
  });

  it('names who acknowledged and who cleared, with their notes', () => {
    render(
      <AlarmDetailDrawer
        alarm={{ ...base, state: 'cleared', ackBy: 5, ackByName: '张三', ackTime: base.lastTime, ackNote: '已通知值班员', clearBy: 6, clearByName: '李四', clearTime: base.lastTime, clearNote: '' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('张三 确认')).toBeTruthy();
    expect(screen.getByText('已通知值班员')).toBeTruthy();
    expect(screen.getByText('李四 清除')).toBeTruthy();
    expect(screen.getByText('无备注')).toBeTruthy();
    expect(screen.queryByText('尚未确认')).toBeNull();
  });

  it('shows when the alarm was raised apart from its value time, and a device alarm as reported by the client', () => {
    render(<AlarmDetailDrawer alarm={{ ...base, kind: 'device', source: 1, value: null, target: { kind: 'device', code: 'E101', deviceId: 4 }, targetName: '三号网关' }} onClose={() => undefined} />);
    expect(screen.getByText('触发值时间')).toBeTruthy();
    expect(screen.getByText('产生时间')).toBeTruthy();
    expect(screen.getByText('客户端')).toBeTruthy();
    expect(screen.getByText('三号网关 · 设备告警 E101')).toBeTruthy();
    expect(screen.getByText(/设备上报，至 .* 共上报 2 次/)).toBeTruthy();
  });

  it('tells a clearing by the condition from one by hand', () => {
    render(<AlarmDetailDrawer alarm={{ ...base, state: 'cleared', clearTime: base.lastTime }} onClose={() => undefined} />);
    expect(screen.getByText('自动清除（条件不再满足）')).toBeTruthy();
  });
});
