import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('SERIES_RETENTION_MONTHS', () => {
  it('is off when unset or empty', () => {
    expect(loadConfig({}).seriesRetentionMonths).toBeNull();
    expect(loadConfig({ SERIES_RETENTION_MONTHS: ' ' }).seriesRetentionMonths).toBeNull();
  });

  it('takes a whole number of months', () => {
    expect(loadConfig({ SERIES_RETENTION_MONTHS: '13' }).seriesRetentionMonths).toBe(13);
  });

  it('stops the start on anything else, naming the setting', () => {
    for (const bad of ['0', '-3', '1.5', 'twelve', '1201']) {
      expect(() => loadConfig({ SERIES_RETENTION_MONTHS: bad })).toThrow(/SERIES_RETENTION_MONTHS must be a whole number of months from 1 to 1200/);
    }
  });
});

describe('RECORD_WRITER_THREAD', () => {
  it('writes device batches on the event loop unless turned on (docs/performance.md: both designs measured)', () => {
    expect(loadConfig({}).recordWriterThread).toBe(false);
    expect(loadConfig({ RECORD_WRITER_THREAD: 'off' }).recordWriterThread).toBe(false);
    expect(loadConfig({ RECORD_WRITER_THREAD: 'on' }).recordWriterThread).toBe(true);
  });
});
