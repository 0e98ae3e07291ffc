import { describe, expect, it } from 'vitest';
import { GroupCommit, GroupCommitOverloaded } from './groupCommit';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('group commit', () => {
  it('answers a writer only after the transaction holding its items committed', async () => {
    const committed: number[][] = [];
    const gate = deferred();
    const group = new GroupCommit<number>({
      maxBatch: 100,
      maxDelayMs: 5,
      maxQueued: 1000,
      flush: async (batch) => {
        await gate.promise;
        committed.push(batch);
      },
    });
    let answered = false;
    const write = group.submit([1, 2]).then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    gate.resolve();
    await write;
    expect(answered).toBe(true);
    expect(committed).toEqual([[1, 2]]);
  });

  it('gathers writers that arrive together into one batch, and flushes at once when the batch is full', async () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number>({ maxBatch: 4, maxDelayMs: 1000, maxQueued: 100, flush: async (batch) => void batches.push(batch) });
    const started = Date.now();
    await Promise.all([group.submit([1]), group.submit([2, 3]), group.submit([4])]);
    expect(Date.now() - started).toBeLessThan(500); // full batch: no waiting for the 1 s delay
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('writes what arrived during a flush as the next batch, right after it', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const started = deferred();
    const group = new GroupCommit<number>({
      maxBatch: 2,
      maxDelayMs: 1000,
      maxQueued: 100,
      flush: async (batch) => {
        if (batches.length === 0) {
          started.resolve();
          await gate.promise;
        }
        batches.push(batch);
      },
    });
    const first = group.submit([1, 2]);
    await started.promise;
    const second = group.submit([3]);
    const third = group.submit([4]);
    gate.resolve();
    await Promise.all([first, second, third]);
    expect(batches).toEqual([[1, 2], [3, 4]]);
    expect(group.stats).toMatchObject({ batches: 2, items: 4, largestBatch: 2 });
  });

  it('fails every writer of a failed batch (nothing is acknowledged), and goes on with the next', async () => {
    let fail = true;
    const written: number[] = [];
    const group = new GroupCommit<number>({
      maxBatch: 10,
      maxDelayMs: 1,
      maxQueued: 100,
      flush: async (batch) => {
        if (fail) {
          fail = false;
          throw new Error('disk full');
        }
        written.push(...batch);
      },
    });
    const results = await Promise.allSettled([group.submit([1]), group.submit([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await group.submit([3]);
    expect(written).toEqual([3]);
    expect(group.stats.failedBatches).toBe(1);
  });

  it('refuses at once when too much waits, instead of growing without bound', async () => {
    const gate = deferred();
    const started = deferred();
    const group = new GroupCommit<number>({
      maxBatch: 2,
      maxDelayMs: 1,
      maxQueued: 3,
      flush: () => {
        started.resolve();
        return gate.promise;
      },
    });
    const inFlight = group.submit([1, 2]); // being written
    await started.promise;
    const waiting = group.submit([3, 4, 5]); // waits for the next batch
    await expect(group.submit([6])).rejects.toBeInstanceOf(GroupCommitOverloaded);
    expect(group.stats.refused).toBe(1);
    // A bounded submission (the caller's own flow control keeps it bounded: the external broker's
    // consumers) is queued all the same, and committed.
    const bounded = group.submit([7], { bounded: true });
    expect(group.queued).toBe(4);
    gate.resolve();
    await Promise.all([inFlight, waiting, bounded]);
    expect(group.stats.refused).toBe(1);
    expect(group.stats.items).toBe(6);
  });

  it('lets timers run between flushes when every flush finds a full queue', async () => {
    // Writers that always have more waiting (a saturated fleet): 50 flushes in a row. A timer set
    // at the start must fire long before the last of them, not after the whole chain.
    let flushes = 0;
    let flushesWhenTimerFired = -1;
    const pending: Array<Promise<void>> = [];
    const group = new GroupCommit<number>({
      maxBatch: 1,
      maxDelayMs: 0,
      maxQueued: 1000,
      flush: async () => {
        await Promise.resolve();
        // The write itself: a synchronous transaction of about a millisecond; meanwhile more arrives.
        const until = performance.now() + 1;
        while (performance.now() < until) {
          // busy, as SQLite is
        }
        flushes += 1;
        if (flushes < 50) {
          pending.push(group.submit([flushes]));
        }
      },
    });
    setTimeout(() => (flushesWhenTimerFired = flushes), 0);
    await group.submit([0]);
    while (flushes < 50) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(pending);
    expect(flushesWhenTimerFired).toBeGreaterThanOrEqual(0);
    expect(flushesWhenTimerFired).toBeLessThan(10);
  });

  it('never starts a flush inside the submitting callback: a full batch waits for the check phase', async () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number>({ maxBatch: 2, maxDelayMs: 1000, maxQueued: 100, flush: async (batch) => void batches.push(batch) });
    const first = group.submit([1, 2]);
    const second = group.submit([3]);
    await Promise.resolve();
    expect(batches).toEqual([]); // a socket read that submits returns before anything is written
    await Promise.all([first, second]);
    expect(batches).toEqual([[1, 2, 3]]); // what arrived in the same turn shares the transaction
  });

  /**
   * A group whose flush costs 1 ms of CPU per item (a busy wait, as a SQLite transaction holds the
   * loop), 20 ms a flush; `offLoop`: the flush reports that time as spent waiting for another thread.
   */
  function busyGroup(offLoop: boolean): { group: GroupCommit<number>; batches: number[][] } {
    const batches: number[][] = [];
    const group = new GroupCommit<number>({
      maxBatch: 10,
      maxDelayMs: 1,
      maxQueued: 1000,
      maxFlushMs: 20,
      flush: async (batch) => {
        const started = performance.now();
        while (performance.now() < started + batch.length) {
          // busy
        }
        batches.push(batch);
        return offLoop ? { offLoopMs: performance.now() - started } : undefined;
      },
    });
    return { group, batches };
  }

  it('with maxFlushMs, sizes batches by the measured time per item: whole submissions, the rest in the next flush', async () => {
    const { group, batches } = busyGroup(false);
    // Before any measurement a batch takes up to maxBatch items.
    await Promise.all(Array.from({ length: 4 }, (_, i) => group.submit([i * 3, i * 3 + 1, i * 3 + 2])));
    expect(batches[0]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]); // three whole submissions (12 > 10)
    batches.length = 0;
    // 1 ms per item measured: about 20 items a flush from now on, whole submissions only.
    const submissions = Array.from({ length: 20 }, (_, i) => group.submit([100 + i * 3, 101 + i * 3, 102 + i * 3]));
    await Promise.all(submissions);
    expect(batches.flat()).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
    // (The flush's CPU time is what counts: on a loaded machine the busy wait is preempted and
    // measures cheaper, so the bound is loose.)
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (const batch of batches) {
      expect(batch.length % 3).toBe(0);
      expect(batch.length).toBeLessThanOrEqual(45);
    }
    // Wall time: a flush here busy-waits at most ~45 ms; the margin is for a preempted test worker.
    expect(group.stats.longestFlushMs).toBeLessThan(300);
  });

  it('with maxFlushMs, does not count the time a flush says it waited for another thread', async () => {
    // The same 1 ms of CPU per item, but reported as the writer thread's (the process's CPU time
    // counts every thread): the event loop was not held, so batches are not cut by time.
    const { group, batches } = busyGroup(true);
    await Promise.all(Array.from({ length: 4 }, (_, i) => group.submit([i * 3, i * 3 + 1, i * 3 + 2])));
    batches.length = 0;
    await Promise.all(Array.from({ length: 20 }, (_, i) => group.submit([100 + i * 3, 101 + i * 3, 102 + i * 3])));
    // Not cut to 20 ms of that CPU (about 18 items), but at most maxBatch: whole submissions of 3 → 9 each.
    expect(batches.flat()).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
    expect(batches.map((b) => b.length)).toEqual([9, 9, 9, 9, 9, 9, 6]);
  });

  it('writes what waits on close and refuses afterwards', async () => {
    const written: number[] = [];
    const group = new GroupCommit<number>({ maxBatch: 100, maxDelayMs: 10_000, maxQueued: 1000, flush: async (batch) => void written.push(...batch) });
    const pending = group.submit([7, 8]);
    await group.close();
    await pending;
    expect(written).toEqual([7, 8]);
    await expect(group.submit([9])).rejects.toThrow('closed');
  });
});
