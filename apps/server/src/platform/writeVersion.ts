import type { FastifyInstance } from 'fastify';

/**
 * A counter that every write call of this process bumps (before its answer is sent). Read caches
 * (sessions, the current user) remember the version they were filled at and refill when it moved,
 * so a change is seen at once by the next call on this instance; other instances see it within
 * their cache lifetime (docs/architecture.md).
 */
export class WriteVersion {
  private current = 0;

  get value(): number {
    return this.current;
  }

  bump(): void {
    this.current += 1;
  }

  register(app: FastifyInstance): void {
    app.addHook('onSend', async (request, _reply, payload) => {
      const config = request.routeOptions.config;
      if ((request.method !== 'GET' && !config.readOnly && !config.deviceTraffic) || config.audit) {
        this.bump();
      }
      return payload;
    });
  }
}
