/** What a phase measures beside its rate: CPU profiles (`--profile`), event-loop delay and GC pauses. */
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** `--profile`: a CPU profile of this process while `work` runs, written to the temp folder (open in Chrome DevTools). */
export async function profiled<T>(on: boolean, name: string, work: () => Promise<T>): Promise<T> {
  if (!on) {
    return work();
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(os.tmpdir(), `ingest-${name}-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile of this phase: ${file}`);
    session.disconnect();
  }
}

/** How long the event loop was held: the longest delay monitorEventLoopDelay saw (10 ms resolution), and its p99. */
export function loopMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // Garbage collection pauses (they hold the loop as a long task does).
  let gc = { count: 0, ms: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    reset: () => {
      histogram.reset();
      gc = { count: 0, ms: 0, maxMs: 0 };
    },
    read: () => ({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, gc: `GC ${gc.count} pauses, ${(gc.ms / 1000).toFixed(1)} s, longest ${gc.maxMs.toFixed(0)} ms` }),
    stop: () => {
      histogram.disable();
      observer.disconnect();
    },
  };
}
