import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db/database';
import { AuditRepository } from './audit.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Record this GET in the audit log too (GET calls that change something). */
    audit?: boolean;
    /**
     * A POST that only reads (a query whose input is too big for a query string, a check): no
     * audit row and no write-version bump, like a GET. Dashboards call chart/query per widget.
     */
    readOnly?: boolean;
    /**
     * A device's own traffic over HTTP (the HTTP device API): like its MQTT publishes, not a
     * person's call — no audit row, no write-version bump (the records path tells its readers).
     */
    deviceTraffic?: boolean;
  }
  interface FastifyRequest {
    auditCode?: number;
  }
}

const targetKeys = ['id', 'userId', 'groupId', 'companyId', 'roleIds', 'invitationId', 'nodeId', 'itemId', 'name', 'displayName', 'userName', 'username', 'account', 'ip', 'objectKey', 'phone', 'version'];

/** The ids and names a call acts on, never secrets (passwords and codes are not listed). */
function targetOf(request: FastifyRequest): string {
  const sources = [request.query, request.body].filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && !Buffer.isBuffer(s));
  const picked: Record<string, unknown> = {};
  for (const source of sources) {
    for (const key of targetKeys) {
      if (source[key] !== undefined) {
        picked[key] = source[key];
      }
    }
  }
  return Object.keys(picked).length > 0 ? JSON.stringify(picked) : '';
}

/**
 * The audit log of every write call, written by the platform for every module: who, company,
 * what, target, when, IP, result code. Rows are written after the answer is sent.
 */
export function registerAuditLog(app: FastifyInstance, db: Db): void {
  const audit = new AuditRepository(db);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string' && payload.startsWith('{"code":')) {
      const match = /^\{"code":(\d+)/.exec(payload);
      request.auditCode = match ? Number(match[1]) : undefined;
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // routeOptions is a getter that builds a new object: read it once.
    const route = request.routeOptions;
    const url = route.url;
    if (!url || !url.startsWith('/general/') || url.startsWith('/general/test/')) {
      return;
    }
    if ((request.method === 'GET' && !route.config.audit) || route.config.readOnly || route.config.deviceTraffic) {
      return;
    }
    const session = request.session;
    const body = (request.body ?? {}) as Record<string, unknown>;
    let userName = '';
    if (session) {
      userName = (await audit.userName(session.userId)) ?? '';
      // A call made with an API key is the key's: its name, then the creator it acts for.
      if (session.apiKey) {
        userName = `${session.apiKey.name} (${userName})`;
      }
    } else if (typeof body.username === 'string') {
      userName = body.username;
    } else if (typeof body.phone === 'string') {
      userName = body.phone;
    }
    try {
      await audit.insert({
        user_id: session?.userId ?? null,
        user_name: userName.slice(0, 64),
        company_id: session?.companyId ?? null,
        method: request.method,
        action: url.slice(0, 200),
        target: targetOf(request).slice(0, 500),
        ip: request.ip.slice(0, 64),
        code: request.auditCode ?? (reply.statusCode < 400 ? 0 : 50000),
        duration_ms: Math.round(reply.elapsedTime),
        created_at: Date.now(),
        api_key_id: session?.apiKey?.id ?? null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit log write failed');
    }
  });
}
