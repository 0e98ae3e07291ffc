import type { RecordItem } from '@smartdata/domain';

/** Records that committed, in commit order, with their company (one call per commit). */
export interface CommittedRecords {
  companyId: number;
  records: readonly RecordItem[];
}

export type RecordsCommittedListener = (batch: CommittedRecords) => void;

/**
 * The port by which other modules (alarms) learn of new records: every writer of the data-items
 * module — people, forms, imports, forwards, tasks (RecordsService) and devices (DeviceRecords) —
 * calls `emit` after its transaction commits, never inside it. Listeners are synchronous and must
 * only queue work (they run on the ingest path); a throwing listener is logged, not propagated.
 */
export class RecordsCommitted {
  private readonly listeners: RecordsCommittedListener[] = [];

  constructor(private readonly log: { error: (obj: unknown, msg?: string) => void }) {}

  get hasListeners(): boolean {
    return this.listeners.length > 0;
  }

  subscribe(listener: RecordsCommittedListener): void {
    this.listeners.push(listener);
  }

  emit(companyId: number, records: readonly RecordItem[]): void {
    if (records.length === 0 || this.listeners.length === 0) {
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener({ companyId, records });
      } catch (err) {
        this.log.error({ err }, 'recordsCommitted listener failed');
      }
    }
  }
}
