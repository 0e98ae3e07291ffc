/**
 * The bare pipeline's writer on a worker thread (bench/ingest.ts --bare-worker, issue 21): the
 * event loop parses and acknowledges, this thread runs the transactions (the other core works).
 * Messages in: {id, batch}; out: {id, values} or {id, error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openBareWriter, type BarePublish } from './bareWriter';

const writer = openBareWriter((workerData as { file: string }).file);
parentPort?.on('message', (message: { id: number; batch: BarePublish[] } | { close: true }) => {
  if ('close' in message) {
    writer.close();
    parentPort?.close();
    return;
  }
  try {
    parentPort?.postMessage({ id: message.id, values: writer.write(message.batch) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
