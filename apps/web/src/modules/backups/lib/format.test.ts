import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { formatBytes, formatDuration } from './format';

const t = ((key: string, values: Record<string, number>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction<'backups'>;

describe('backup sizes and durations for people', () => {
  it('sizes in B, KB, MB, GB', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('durations in ms, seconds, minutes and seconds, hours and minutes', () => {
    expect(formatDuration(null, t)).toBe('—');
    expect(formatDuration(850, t)).toBe('duration.ms {"count":850}');
    expect(formatDuration(12_400, t)).toBe('duration.seconds {"count":12}');
    expect(formatDuration(185_000, t)).toBe('duration.minutes {"minutes":3,"seconds":5}');
    expect(formatDuration(2 * 3_600_000 + 7 * 60_000, t)).toBe('duration.hours {"hours":2,"minutes":7}');
  });
});
