import type { Locale } from '../shared/errors';
import { gridToCanvas, type BoardType, type Widget, type WidgetKind, type WidgetOptions } from './widgets';

/**
 * Board templates (boardconfig/{boardId}/{templateCode}): real layouts on the 12-column grid,
 * unbound (the user binds each data widget to an item of their company). On a big-screen board
 * the same layout is scaled to the canvas.
 */
export const templateCodes = ['blank', 'deviceOverview', 'energy', 'productionLine'] as const;
export type TemplateCode = (typeof templateCodes)[number];

type Title = Record<Locale, string>;
interface TemplateWidget {
  kind: WidgetKind;
  title: Title;
  at: [number, number, number, number];
  options?: WidgetOptions;
}
interface TemplateDef {
  name: Title;
  description: Title;
  /** Rows the layout spans (to scale it onto a canvas). */
  rows: number;
  widgets: TemplateWidget[];
}

const t = (zh: string, en: string): Title => ({ 'zh-CN': zh, 'en-US': en });

const templates: Record<TemplateCode, TemplateDef> = {
  blank: { name: t('空白看板', 'Blank board'), description: t('从空白开始，自由添加组件', 'Start empty and add widgets'), rows: 1, widgets: [] },
  deviceOverview: {
    name: t('设备总览', 'Device overview'),
    description: t('设备在线状态、关键读数、趋势与告警', 'Device status, key readings, trend and alarms'),
    rows: 22,
    widgets: [
      { kind: 'text', title: t('标题', 'Title'), at: [0, 0, 9, 2], options: { text: '设备总览 / Device overview', fontSize: 28 } },
      { kind: 'clock', title: t('时间', 'Clock'), at: [9, 0, 3, 2] },
      { kind: 'deviceStatus', title: t('设备状态', 'Device status'), at: [0, 2, 4, 6] },
      { kind: 'numberCard', title: t('温度', 'Temperature'), at: [4, 2, 4, 3], options: { unit: '℃' } },
      { kind: 'numberCard', title: t('湿度', 'Humidity'), at: [8, 2, 4, 3], options: { unit: '%' } },
      { kind: 'gauge', title: t('负载率', 'Load'), at: [4, 5, 4, 3], options: { min: 0, max: 100, unit: '%' } },
      { kind: 'gauge', title: t('压力', 'Pressure'), at: [8, 5, 4, 3], options: { min: 0, max: 10, unit: 'MPa' } },
      { kind: 'chart', title: t('趋势', 'Trend'), at: [0, 8, 8, 7], options: { chartKind: 'line', bucket: '5m', aggregate: 'AVG', rangePreset: 'today' } },
      { kind: 'alarmList', title: t('告警', 'Alarms'), at: [8, 8, 4, 7] },
      { kind: 'table', title: t('最新记录', 'Latest records'), at: [0, 15, 12, 7], options: { rows: 10 } },
    ],
  },
  energy: {
    name: t('能耗监测', 'Energy'),
    description: t('今日用电、实时功率、日用量与明细', "Today's energy, live power, daily use and details"),
    rows: 21,
    widgets: [
      { kind: 'numberCard', title: t('今日用电量', 'Energy today'), at: [0, 0, 3, 3], options: { unit: 'kWh', aggregate: 'SUM', rangePreset: 'today' } },
      { kind: 'numberCard', title: t('本月用电量', 'Energy this month'), at: [3, 0, 3, 3], options: { unit: 'kWh', aggregate: 'SUM', rangePreset: 'thisMonth' } },
      { kind: 'numberCard', title: t('实时功率', 'Power now'), at: [6, 0, 3, 3], options: { unit: 'kW' } },
      { kind: 'clock', title: t('时间', 'Clock'), at: [9, 0, 3, 3] },
      { kind: 'gauge', title: t('功率因数', 'Power factor'), at: [0, 3, 4, 6], options: { min: 0, max: 1 } },
      { kind: 'chart', title: t('日用电量', 'Daily energy'), at: [4, 3, 8, 6], options: { chartKind: 'bar', bucket: 'day', aggregate: 'SUM', rangePreset: 'thisMonth' } },
      { kind: 'chart', title: t('功率曲线', 'Power curve'), at: [0, 9, 7, 6], options: { chartKind: 'area', bucket: '15m', aggregate: 'AVG', rangePreset: 'today' } },
      { kind: 'chart', title: t('用电构成', 'Energy by field'), at: [7, 9, 5, 6], options: { chartKind: 'pie', aggregate: 'SUM', rangePreset: 'thisMonth' } },
      { kind: 'table', title: t('抄表明细', 'Meter readings'), at: [0, 15, 12, 6], options: { rows: 8 } },
    ],
  },
  productionLine: {
    name: t('产线监控', 'Production line'),
    description: t('产量、节拍、设备与告警一屏掌握', 'Output, cycle time, machines and alarms at a glance'),
    rows: 22,
    widgets: [
      { kind: 'text', title: t('产线名称', 'Line name'), at: [0, 0, 6, 2], options: { text: '一号产线 / Line 1', fontSize: 26 } },
      { kind: 'image', title: t('产线图', 'Line picture'), at: [6, 0, 3, 5] },
      { kind: 'clock', title: t('时间', 'Clock'), at: [9, 0, 3, 2] },
      { kind: 'numberCard', title: t('今日产量', 'Output today'), at: [0, 2, 3, 3], options: { unit: 'pcs', aggregate: 'SUM', rangePreset: 'today' } },
      { kind: 'numberCard', title: t('合格率', 'Yield'), at: [3, 2, 3, 3], options: { unit: '%' } },
      { kind: 'gauge', title: t('节拍', 'Cycle time'), at: [9, 2, 3, 3], options: { min: 0, max: 120, unit: 's' } },
      { kind: 'chart', title: t('小时产量', 'Output per hour'), at: [0, 5, 8, 7], options: { chartKind: 'bar', bucket: 'hour', aggregate: 'SUM', rangePreset: 'today' } },
      { kind: 'deviceStatus', title: t('设备状态', 'Machines'), at: [8, 5, 4, 7] },
      { kind: 'table', title: t('最新工单记录', 'Latest records'), at: [0, 12, 8, 10], options: { rows: 10 } },
      { kind: 'alarmList', title: t('告警', 'Alarms'), at: [8, 12, 4, 10] },
    ],
  },
};

export interface TemplateSummary {
  code: TemplateCode;
  name: string;
  description: string;
  widgetKinds: WidgetKind[];
}

export function isTemplateCode(code: string): code is TemplateCode {
  return (templateCodes as readonly string[]).includes(code);
}

export function templateSummaries(locale: Locale): TemplateSummary[] {
  return templateCodes.map((code) => ({
    code,
    name: templates[code].name[locale],
    description: templates[code].description[locale],
    widgetKinds: templates[code].widgets.map((w) => w.kind),
  }));
}

/** The widgets of a template for a new board, titles in `locale`, laid out for the board type. */
export function templateWidgets(code: TemplateCode, locale: Locale, board: { boardType: BoardType; width: number; height: number }): Widget[] {
  const def = templates[code];
  return def.widgets.map((w, index) => {
    const grid = { x: w.at[0], y: w.at[1], w: w.at[2], h: w.at[3] };
    return {
      id: `${code}-${index + 1}`,
      kind: w.kind,
      title: w.title[locale],
      layout: board.boardType === 'grid' ? grid : gridToCanvas(grid, board, def.rows),
      binding: null,
      options: { ...(w.options ?? {}) },
    };
  });
}

