import { buildApp } from './app';
import { loadConfig } from './config';

/** A start that cannot go on says why in one line (a wrong setting, a port in use), not a stack. */
function cannotStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const inUse = (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
  console.error(`SmartData Console cannot start: ${message}${inUse ? ' (PORT, MQTT_PORT and MQTT_TLS_PORT choose the ports; MQTT_PORT=off or MQTT_TLS_PORT=off switches a listener off)' : ''}`);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return cannotStart(error);
  }
})();
const app = await buildApp(config).catch(cannotStart);
await app.listen({ host: config.host, port: config.port }).catch(cannotStart);
app.log.info(`SmartData Console on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests, closing MQTT and the database');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
