import type { AppConfig } from '../config';
import type { Db, DbKind } from './db/database';
import type { Sessions } from './auth/sessions';
import type { FailureThrottle } from './auth/failureThrottle';
import type { SmsProvider } from './smsProvider';
import type { MailSender } from './mail';
import type { DeviceHttpInbox } from './deviceHttp';
import type { Broker } from './mqtt';
import type { ExternalBroker } from './mqttClient';
import type { Registry } from './registry';
import type { WriteVersion } from './writeVersion';
import type { Realtime } from './realtime';

/** What the platform hands every module when it registers its routes. */
export interface Platform {
  config: AppConfig;
  db: Db;
  dbKind: DbKind;
  sessions: Sessions;
  /** Failed password checks (sign-in, changePassword), shared by every instance. */
  failures: FailureThrottle;
  sms: SmsProvider;
  /** E-mail through SMTP; off (configured false) until SMTP_URL is set. */
  mail: MailSender;
  /** The embedded broker (MQTT_PORT); null with MQTT_URL or in tests without MQTT. */
  broker: Broker | null;
  /** The consumers of the external broker (MQTT_URL); null otherwise. */
  externalBroker: ExternalBroker | null;
  /** Telemetry posted to the HTTP device API, on its way to the ingest (whichever broker is used). */
  deviceHttp: DeviceHttpInbox;
  /** Where later modules plug into platform pages and jobs. */
  registry: Registry;
  /** Bumped by every write call; read caches check it. */
  writes: WriteVersion;
  /** WebSocket pushes: modules define channels and publish to them (platform/realtime.ts). */
  realtime: Realtime;
}
