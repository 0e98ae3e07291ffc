import { describe, expect, it, vi } from 'vitest';
import type { RecordItem } from '@smartdata/domain';
import { RecordsCommitted, type CommittedRecords } from './recordsCommitted.port';

const record = (id: number) => ({ id }) as unknown as RecordItem;

describe('RecordsCommitted', () => {
  it('hands each commit to every listener, in order; an empty commit to none', () => {
    const port = new RecordsCommitted({ error: vi.fn() });
    expect(port.hasListeners).toBe(false);
    const seen: CommittedRecords[] = [];
    port.subscribe((batch) => seen.push(batch));
    port.emit(1, [record(1), record(2)]);
    port.emit(2, []);
    port.emit(2, [record(3)]);
    expect(port.hasListeners).toBe(true);
    expect(seen.map((b) => [b.companyId, b.records.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('logs a throwing listener and still reaches the next one', () => {
    const error = vi.fn();
    const port = new RecordsCommitted({ error });
    const after = vi.fn();
    port.subscribe(() => {
      throw new Error('boom');
    });
    port.subscribe(after);
    port.emit(1, [record(1)]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
  });
});
