/**
 * The writer thread of the embedded database (issue 21): device batches and the roller of their
 * deferred series run here, on a connection of their own to the same file, so the event loop only
 * plans batches, answers sockets and reads; both cores work. Started by RecordWriter
 * (recordWriter.ts) through WriterThread (writerThread.ts), which keeps the protocol below
 * (its types in batchStore.ts) in step with it:
 *
 *   in  {op:'batch', id, records, charted, part}  → out {id, storedAt?, ids, partRun}
 *   in  {op:'statements', id, list}               → out {id}
 *   in  {op:'roll', id, now, all, first}          → out {id, rolled, left}  (one slice of a round)
 *   in  {op:'forget', itemId}                     (no answer)
 *   in  {op:'close'}                              → the connection closes, the thread ends
 *
 * Every answer is sent after its transactions committed; a failure answers {id, error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { BatchRecord, NewSeries, ThreadAnswer, ThreadData, ThreadRequest } from './batchStore';
import { ROLL_SLICE, slicesOf, SqliteBatchWrites } from './sqliteBatchWrites';

const { file, roller } = workerData as ThreadData;
const raw = new SQLite(file, { fileMustExist: true });
raw.pragma('journal_mode = WAL');
raw.pragma('synchronous = NORMAL');
raw.pragma('foreign_keys = ON');
// This thread may wait for the app's connection (a user's transaction) without holding anything up.
raw.pragma('busy_timeout = 30000');
// This connection checkpoints after its own commits (SQLite's default, 1 000 pages), between two
// transactions of the only writer, off the event loop: a checkpoint that runs while nothing
// appends copies the whole log back, and the next transaction starts the log over. Left to the
// checkpointer thread's passive checkpoints (checkpointer.ts), the log never caught up with a
// writer that commits back to back: 28 GB of WAL after 150 s of 5 000 devices, and ingest down
// from 75 000 to 12 000 values/s.
raw.pragma('wal_autocheckpoint = 1000');
// The rollups of a fleet's series are upserted all over the table: 64 MB of page cache keeps them in memory.
raw.pragma('cache_size = -65536');
const store = new SqliteBatchWrites(raw, roller);

function writeBatch(request: Extract<ThreadRequest, { op: 'batch' }>): ThreadAnswer {
  const charted = new Map(request.charted.map(([itemId, fields]) => [itemId, new Set(fields)]));
  const records: BatchRecord[] = request.records.map((r) => ({ companyId: r.c, itemId: r.i, ts: r.t, values: r.v, valuesJson: r.j, keys: r.k, charted: charted.get(r.i) ?? new Set() }));
  const storedAt: number[] = [];
  const ids: number[] = [];
  const newSeries: NewSeries = new Map();
  let partRun = false;
  const slices = slicesOf(records);
  slices.forEach(([start, end], n) => {
    raw
      .transaction(() => {
        store.writeSlice(records.slice(start, end), start, storedAt, ids, newSeries);
        // The caller's part counts every record of the batch: it commits with the last slice only
        // when every record was stored (otherwise the caller sends the part of those stored).
        if (n === slices.length - 1 && request.part && storedAt.length === records.length) {
          store.runStatements(request.part);
          partRun = true;
        }
      })
      .immediate();
  });
  store.keep(newSeries);
  return { id: request.id, storedAt: storedAt.length === records.length ? null : storedAt, ids, partRun };
}

/** The round of the roller under way: its series due, their target, the next slice. */
let round: { due: Array<{ id: number; rolledUntil: number }>; target: number; next: number } | null = null;

/**
 * One slice of ROLL_SLICE series of a roller's round (`first` starts the round): the event loop
 * asks for the next only after this one answered, so batches posted meanwhile are written between
 * slices instead of waiting for a whole round.
 */
function roll(request: Extract<ThreadRequest, { op: 'roll' }>): ThreadAnswer {
  if (request.first || !round) {
    round = { due: store.roller.due(request.now, request.all), target: store.roller.target(request.now), next: 0 };
  }
  const { due, target } = round;
  const slice = due.slice(round.next, round.next + ROLL_SLICE);
  round.next += slice.length;
  if (slice.length > 0) {
    raw.transaction(() => store.rollSlice(slice, target)).immediate();
  }
  const left = due.length - round.next;
  if (left === 0) {
    round = null;
  }
  return { id: request.id, rolled: slice.length, left };
}

parentPort!.on('message', (request: ThreadRequest) => {
  if (request.op === 'close') {
    raw.close();
    parentPort!.close();
    return;
  }
  if (request.op === 'forget') {
    store.forgetItem(request.itemId);
    return;
  }
  let answer: ThreadAnswer;
  try {
    if (request.op === 'batch') {
      answer = writeBatch(request);
    } else if (request.op === 'roll') {
      answer = roll(request);
    } else {
      raw.transaction(() => store.runStatements(request.list)).immediate();
      answer = { id: request.id };
    }
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
parentPort!.postMessage({ ready: true });
