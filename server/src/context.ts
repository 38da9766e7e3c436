import type { Db } from '@db/client.js';
import type { Store } from 'express-session';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Mailer } from './adapters/mail.js';
import type { Notifier } from './realtime/notifier.js';
import type { PresenceReader } from './realtime/types.js';

/** Everything a request handler or service may use; built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  notifier: Notifier;
  /** set once realtime is attached; absent in unit-level tests (everyone then shows offline) */
  presence?: PresenceReader;
  sessionStore: Store;
  sessionSecret: string;
}
