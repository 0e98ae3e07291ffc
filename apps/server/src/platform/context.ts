import type { AppConfig } from '../config';
import type { Db, DbKind } from './db/database';
import type { Sessions } from './auth/sessions';
import type { SmsProvider } from './sms';
import type { Broker } from './mqtt';

/** What the platform hands every module when it registers its routes. */
export interface Platform {
  config: AppConfig;
  db: Db;
  dbKind: DbKind;
  sessions: Sessions;
  sms: SmsProvider;
  broker: Broker | null;
}
