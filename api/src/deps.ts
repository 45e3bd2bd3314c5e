import type { Database } from './db/client';
import type { Env } from './env';
import type { DbCache } from './http/db-cache';
import type { MailTransport } from './mail/transport';
import type { FetchLike } from './payments/cashfree';

/** What createApp needs from the outside world; tests pass a temp database and their own env. */
export interface AppDeps {
  /** The open database (db/client.ts): routes open transactions on it and hand services the handle. */
  db: Database;
  env: Env;
  /** Payments wiring; tests route the Cashfree client's and the emulator's fetch into app.request. */
  payments?: {
    fetch?: FetchLike;
    /** Emulator only: false records payments without sending webhooks (tests deliver them by hand). */
    emulatorWebhooks?: boolean;
  };
  /** Mail wiring; tests inject a failing or recording transport. */
  mail?: { transport?: MailTransport };
}

export interface RouteDeps extends AppDeps {
  cache: DbCache;
}
