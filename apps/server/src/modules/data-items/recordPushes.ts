import type { RecordItem } from '@smartdata/domain';
import type { DbKind } from '@server/platform/db/database';
import type { Realtime } from '@server/platform/realtime';

export interface RecordPushOptions {
  /** New records of an item are gathered this long, then sent. */
  pushDelayMs: number;
  /** More records than this in one push window: one `recordsImported` instead of one push each. */
  pushEach: number;
}

export const defaultRecordPushOptions: RecordPushOptions = { pushDelayMs: 50, pushEach: 20 };

interface PendingPush {
  records: RecordItem[];
  count: number;
  firstId: number;
  lastId: number;
  latest: RecordItem;
}

/**
 * Pushes of device records on `records:<itemId>` (docs/telemetry.md, "The path of a value"):
 * gathered per item for `pushDelayMs` after commit; up to `pushEach` go as `recordAdded` each (the
 * records table inserts them), more as one `recordsImported` (the table re-reads its first page).
 * With SQLite (one instance) items nobody listens to are skipped.
 */
export class RecordPushes {
  private readonly pending = new Map<number, PendingPush>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly realtime: Realtime,
    private readonly dbKind: DbKind,
    private readonly options: RecordPushOptions = defaultRecordPushOptions,
  ) {}

  /** Gathers new records per item; one timer sends them all (after commit, bursts coalesced). */
  queue(records: readonly RecordItem[]): void {
    for (const record of records) {
      const pending = this.pending.get(record.itemId);
      if (pending) {
        pending.count += 1;
        pending.lastId = record.id;
        pending.latest = record;
        if (pending.records.length <= this.options.pushEach) {
          pending.records.push(record);
        }
      } else {
        this.pending.set(record.itemId, { records: [record], count: 1, firstId: record.id, lastId: record.id, latest: record });
      }
    }
    if (this.pending.size > 0 && !this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.pushDelayMs);
    }
  }

  /** Sends everything gathered (the timer, and shutdown). */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const pending = [...this.pending];
    this.pending.clear();
    for (const [itemId, push] of pending) {
      const channel = `records:${itemId}`;
      if (this.realtime.subscriberCount(channel) === 0 && this.dbKind === 'sqlite') {
        continue; // nobody listens here, and no other instance shares this database
      }
      if (push.count <= this.options.pushEach) {
        for (const record of push.records) {
          this.realtime.publish(channel, 'recordAdded', record);
        }
      } else {
        // A burst: one push; the table re-reads its first page. `latest` is the newest record.
        this.realtime.publish(channel, 'recordsImported', { itemId, count: push.count, firstId: push.firstId, lastId: push.lastId, source: 'device', latest: push.latest });
      }
    }
  }
}
