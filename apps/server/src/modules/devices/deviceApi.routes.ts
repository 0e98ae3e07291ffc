import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, deviceEvent, deviceTopics, parseTelemetry, snPattern } from '@smartdata/domain';
import type { DeviceHttpInbox } from '@server/platform/deviceHttp';
import { ok } from '@server/platform/envelope';
import { AppError, rateLimited, validationError } from '@server/platform/errors';
import type { DeviceBus } from './deviceBus';

const tags = ['device API'];

export interface DeviceApiOptions {
  bus: DeviceBus;
  inbox: DeviceHttpInbox;
  /** Bodies as large as an MQTT packet may be (MQTT_MAX_PACKET_BYTES); larger: 413. */
  maxBodyBytes: number;
  /** Requests per minute per device (DEVICE_HTTP_RATE); more: 429. */
  ratePerMinute: number;
}

/** Failed credential checks per address and minute before 429 (a device secret is 24 random bytes: this only keeps the noise down). */
const failuresPerMinute = 30;

/**
 * A token bucket per key, in this process: `perMinute` sustained, a tenth of a minute's worth in a
 * burst. Several instances each count their own (docs/devices.md).
 */
export class Buckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;

  constructor(private readonly perMinute: number) {
    this.capacity = Math.max(10, Math.ceil(perMinute / 10));
  }

  /** Takes one token; false when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size > 100_000) {
        this.buckets.clear();
      }
      bucket = { tokens: this.capacity, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000);
    bucket.at = now;
    if (bucket.tokens < 1) {
      return false;
    }
    bucket.tokens -= 1;
    return true;
  }
}

/** The SN and secret of `Authorization: Basic …`, or null. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  if (!header || !/^basic /i.test(header)) {
    return null;
  }
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon <= 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function refuseCredentials(reply: FastifyReply): AppError {
  reply.header('www-authenticate', 'Basic realm="SmartData devices", charset="UTF-8"');
  return new AppError(ErrorCode.invalidCredentials, 'device.api.credentials');
}

/**
 * The HTTP device API (issue 37, docs/devices.md "HTTP"): a device that can only POST sends its
 * telemetry and events with its SN and secret (HTTP Basic) —
 * `POST /general/device-api/v1/{sn}/telemetry` and `/event`, bodies as on MQTT. Telemetry goes
 * through the broker's publish hook (the same parsing, the same records path, a repeated `ts`
 * stored once) and is answered after the commit; events reach the same handlers as a publish on
 * `sd/{sn}/up/event`. 401 for wrong credentials (checked before the body is read), 413 above
 * the MQTT packet limit, 429 past the device's rate.
 */
export function registerDeviceApiRoutes(app: FastifyInstance, options: DeviceApiOptions): void {
  const perDevice = new Buckets(options.ratePerMinute);
  const failures = new Buckets(failuresPerMinute);
  // An encapsulated scope: its raw-body parser is its own.
  void app.register(async (scope) => {
    // The body is the device's payload as it came: read as bytes, parsed here as on MQTT.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.maxBodyBytes }, (_request, body, done) => done(null, body));
    scope.addHook('onRequest', async (request: FastifyRequest<{ Params: { sn: string } }>, reply) => {
      const sn = request.params.sn;
      const given = basicCredentials(request.headers.authorization);
      if (!given || given.user !== sn || !snPattern.test(sn) || !(await options.bus.authenticate(sn, given.password))) {
        if (!failures.take(request.ip)) {
          throw rateLimited();
        }
        throw refuseCredentials(reply);
      }
      if (!perDevice.take(sn)) {
        reply.header('retry-after', '10');
        throw rateLimited(`device.api.tooMany|${options.ratePerMinute}`);
      }
    });
    const body = (request: FastifyRequest): { bytes: Buffer; json: unknown } => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        return { bytes, json: JSON.parse(bytes.toString('utf8')) as unknown };
      } catch {
        throw validationError('device.api.notJson');
      }
    };
    const config = { public: true, anyBody: true, deviceTraffic: true };
    const params = z.object({ sn: z.string().max(64) });

    scope.post<{ Params: { sn: string } }>(
      '/general/device-api/v1/:sn/telemetry',
      { config, bodyLimit: options.maxBodyBytes, schema: { tags, operationId: 'postDeviceTelemetry', summary: 'A device posts telemetry (HTTP Basic: SN and secret; the body as on sd/{sn}/up/telemetry); answered once stored', params } },
      async (request) => {
        const { sn } = request.params;
        const { bytes, json } = body(request);
        const telemetry = parseTelemetry(json);
        if (!telemetry) {
          throw validationError('device.api.badTelemetry');
        }
        const stored = options.inbox.submit(deviceTopics.telemetry(sn), bytes);
        if (!stored) {
          throw new AppError(ErrorCode.internal, 'device.api.noIngest');
        }
        await stored;
        await options.bus.postedTelemetry(sn, json, bytes.length);
        return ok({ ts: telemetry.ts, values: Object.keys(telemetry.values).length });
      },
    );

    scope.post<{ Params: { sn: string } }>(
      '/general/device-api/v1/:sn/event',
      { config, bodyLimit: options.maxBodyBytes, schema: { tags, operationId: 'postDeviceEvent', summary: 'A device posts an event (HTTP Basic: SN and secret; the body as on sd/{sn}/up/event); answered once handled', params } },
      async (request) => {
        const { json } = body(request);
        const parsed = deviceEvent.safeParse(json);
        if (!parsed.success) {
          // The field named, not zod's English: the shapes are in docs/devices.md.
          const field = parsed.error.issues[0]?.path.join('.') || 'type';
          throw validationError(`device.api.badEvent|${field.replace(/\|/g, '')}`);
        }
        await options.bus.postedEvent(request.params.sn, json);
        return ok(null);
      },
    );
  });
}
