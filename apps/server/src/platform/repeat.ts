import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` every `everyMs` from the app's ready until its close — never two runs at once (a
 * slow sweep skips the ticks it overlaps), a failure logged as `<name> failed` — and then
 * `onClose`, for the module to wait for work it still has in hand. The timer does not hold the
 * process open. Used by the modules' deadline and schedule sweeps (alarms, devices, tasks, reports).
 */
export function repeatWhileOpen(
  app: FastifyInstance,
  { name, everyMs, sweep, onReady, onClose }: { name: string; everyMs: number; sweep: () => Promise<unknown>; onReady?: () => Promise<void>; onClose?: () => Promise<void> },
): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    await onReady?.();
    timer = setInterval(() => {
      if (running) {
        return;
      }
      running = true;
      sweep()
        .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = false;
        });
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
    }
    await onClose?.();
  });
}
