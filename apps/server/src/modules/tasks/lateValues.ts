import { isMeterRef, taskLimits, type AnalysisSource, type FieldRef } from '@smartdata/domain';
import { RecordsQueue, WatchedItems, type CommittedRecords } from '../data-items/recordsCommitted.port';
import type { MeterConsumption } from '../meters/meterConsumption.port';
import type { AnalysisRow, RunRow, TasksRepository } from './tasks.repository';

export interface LateValuesDeps {
  repository: TasksRepository;
  meters: Pick<MeterConsumption, 'readingFields'>;
  now: () => number;
  log: { error: (obj: unknown, msg?: string) => void };
}

/**
 * Late values (docs/tasks.md, issue 31.8): a committed record that lands in a window an analysis
 * already computed — late for a closed window, or new in the open one — marks that window for a
 * recompute: its pending run row counts the values and is due `taskLimits.recomputeAfterMs` after
 * the first, when the scheduler's sweep runs it once. A steady stream therefore makes one run per
 * window and period, not one per value. The analyses' own results never mark a window.
 */
export class LateValues {
  /** Per company, the items read by an enabled analysis (a record of another item is not looked at). */
  private readonly watched: WatchedItems;
  private readonly queue: RecordsQueue;

  constructor(private readonly deps: LateValuesDeps) {
    this.watched = new WatchedItems(async (companyId) => new Set((await this.reads(companyId)).flatMap(({ fields }) => fields.map((f) => f.itemId))));
    this.queue = new RecordsQueue((batch) => this.mark(batch), deps.log, 'task recompute failed');
  }

  push(batch: CommittedRecords): void {
    this.queue.push(batch);
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Batches are waiting or being looked at. */
  get busy(): boolean {
    return this.queue.busy;
  }

  /** After a change of the company's analyses. */
  forget(companyId: number): void {
    this.watched.forget(companyId);
  }

  /** The company's enabled analyses with the item fields they read (a meter's: those its readings come from). */
  private async reads(companyId: number): Promise<Array<{ row: AnalysisRow; fields: FieldRef[] }>> {
    const reads: Array<{ row: AnalysisRow; fields: FieldRef[] }> = [];
    for (const row of await this.deps.repository.enabledAnalyses(companyId)) {
      const sources = JSON.parse(row.sources) as AnalysisSource[];
      const meterIds = sources.filter(isMeterRef).map((ref) => ref.meterId);
      const fields = sources.filter((ref): ref is FieldRef => !isMeterRef(ref));
      reads.push({ row, fields: meterIds.length > 0 ? [...fields, ...(await this.deps.meters.readingFields(companyId, meterIds))] : fields });
    }
    return reads;
  }

  private async mark({ companyId, records }: CommittedRecords): Promise<void> {
    const watched = await this.watched.of(companyId);
    const relevant = records.filter((r) => watched.has(r.itemId) && r.source !== 'task');
    if (relevant.length === 0) {
      return;
    }
    for (const { row, fields } of await this.reads(companyId)) {
      const windows = new Map<number, { run: RunRow; count: number }>();
      for (const record of relevant) {
        if (!fields.some((ref) => ref.itemId === record.itemId && record.values[ref.fieldName] !== undefined)) {
          continue;
        }
        for (const run of await this.deps.repository.runsCovering(row.id, record.createdAt)) {
          const known = windows.get(Number(run.window_from));
          if (known) {
            known.count += 1;
          } else {
            windows.set(Number(run.window_from), { run, count: 1 });
          }
        }
      }
      for (const { run, count } of windows.values()) {
        await this.deps.repository.markRecompute({
          company_id: row.company_id,
          task_id: row.id,
          scheduled_for: Number(run.scheduled_for),
          window_from: Number(run.window_from),
          window_to: Number(run.window_to),
          triggers: count,
          due_at: this.deps.now() + taskLimits.recomputeAfterMs,
        });
      }
    }
  }
}
