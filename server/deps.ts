import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';
import type { DB } from './db/schema.js';
import type { SignInLimiter } from './auth/sign-in-limiter.js';
import type { KnownDevices } from './auth/known-devices.js';
import type { AlertHub } from './services/alerts/hub.js';
import type { AppMetrics } from './metrics/metrics.js';

/** What every service function receives first: the database and the process-wide helpers. */
export interface Deps {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  signInLimiter: SignInLimiter;
  knownDevices: KnownDevices;
  /** carries lead alerts to the open apps (on every instance) and to Web Push */
  alerts: AlertHub;
  /** the Prometheus metrics, when METRICS_TOKEN or METRICS_PORT is set; undefined otherwise */
  metrics?: AppMetrics;
}
