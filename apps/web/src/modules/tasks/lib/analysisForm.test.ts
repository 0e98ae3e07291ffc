import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { analysisProblems, type AnalysisView } from '@smartdata/domain';
import { analysisFormValues, analysisRequestOf, newAnalysisValues } from './analysisForm';

const sh = 'Asia/Shanghai';

const view: AnalysisView = {
  id: 3,
  name: '日用电量',
  enabled: true,
  schedule: { cron: '5 0 * * *' },
  method: 'sum_yesterday',
  type: 'dataItem',
  source: { itemId: 1, fieldName: 'power' },
  sources: [{ itemId: 2, fieldName: 'power' }],
  userDefined: [],
  aggregate: 'MAX',
  range: null,
  decimals: 1,
  target: { itemId: 9, fieldName: 'total' },
  missedRuns: 'all',
  nextRun: null,
  lastRun: null,
};

describe('the analysis form', () => {
  it('starts as a daily sum of yesterday at 00:05 with two decimals, missed runs once', () => {
    const values = newAnalysisValues();
    expect(values).toMatchObject({ scheduleKind: 'daily', dailyTime: '00:05', method: 'sum_yesterday', decimals: 2, missedRuns: 'once', enabled: true });
  });

  it('round-trips an analysis with several sources', () => {
    const values = analysisFormValues(view, sh);
    expect(values.extraSources).toEqual([{ itemId: 2, fieldName: 'power' }]);
    expect(values.scheduleKind).toBe('daily');
    const request = analysisRequestOf(values, sh);
    expect(request).toEqual({
      name: '日用电量',
      enabled: true,
      schedule: { cron: '5 0 * * *' },
      method: 'sum_yesterday',
      type: 'dataItem',
      source: { itemId: 1, fieldName: 'power' },
      sources: [{ itemId: 2, fieldName: 'power' }],
      aggregate: 'MAX',
      decimals: 1,
      target: { itemId: 9, fieldName: 'total' },
      missedRuns: 'all',
    });
    expect(analysisProblems(request)).toBeNull();
  });

  it('round-trips a meter analysis (issue 31.16): meters as sources, picked ones only, of the type chosen', () => {
    const meters: AnalysisView = { ...view, type: 'meter', source: { meterId: 5 }, sources: [{ meterId: 6 }] };
    const values = analysisFormValues(meters, sh);
    expect(values).toMatchObject({ type: 'meter', source: { meterId: 5 }, extraSources: [{ meterId: 6 }] });
    const request = analysisRequestOf({ ...values, extraSources: [...values.extraSources, {}] }, sh);
    expect(request).toMatchObject({ type: 'meter', source: { meterId: 5 }, sources: [{ meterId: 6 }], aggregate: 'MAX' });
    expect(analysisProblems(request)).toBeNull();
    // A field left over from the other type is not sent as a source of this one.
    expect(analysisRequestOf({ ...values, source: { itemId: 1, fieldName: 'power' } }, sh).source).toBeUndefined();
    expect(analysisProblems({ ...request, method: 'D1_create_last' })).toBe('task.meterMethod');
  });

  it('sends the range only for the time_range methods, as company-zone instants', () => {
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs(new Date(2026, 10, 1, 0, 0)), dayjs(new Date(2026, 10, 8, 0, 0))];
    const base = { ...newAnalysisValues(), name: 'x', source: { itemId: 1, fieldName: 'a' }, target: { itemId: 2, fieldName: 'b' }, range };
    expect(analysisRequestOf({ ...base, method: 'time_range_avg' }, sh).range).toEqual({ from: Date.parse('2026-11-01T00:00:00+08:00'), to: Date.parse('2026-11-08T00:00:00+08:00') });
    expect(analysisRequestOf({ ...base, method: 'sum_daily' }, sh).range).toBeUndefined();
    expect(analysisProblems(analysisRequestOf({ ...base, method: 'time_range_sum', range: null }, sh))).toBe('task.rangeRequired');
  });

  it('drops extra sources not yet picked and leaves out an unpicked target', () => {
    const request = analysisRequestOf({ ...newAnalysisValues(), name: 'x', source: { itemId: 1, fieldName: 'a' }, extraSources: [{ itemId: 4 }], target: { itemId: 2 } }, sh);
    expect(request.sources).toBeUndefined();
    expect(request.aggregate).toBeUndefined();
    expect(request.target).toBeUndefined();
  });

  it('sends custom values with the aggregate, dropping empty boxes, and reads them back', () => {
    const values = { ...newAnalysisValues(), name: 'x', source: { itemId: 1, fieldName: 'a' }, target: { itemId: 2, fieldName: 'b' }, userDefined: [0.5, null, -2], aggregate: 'SUM' as const };
    const request = analysisRequestOf(values, sh);
    expect(request).toMatchObject({ userDefined: [0.5, -2], aggregate: 'SUM' });
    expect(request.sources).toBeUndefined();
    expect(analysisProblems(request)).toBeNull();
    expect(analysisFormValues({ ...view, userDefined: [3] }, sh).userDefined).toEqual([3]);
    expect(analysisRequestOf({ ...values, userDefined: [null] }, sh).aggregate).toBeUndefined();
  });
});
