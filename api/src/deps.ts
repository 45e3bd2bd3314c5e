import type { Database } from './db/client';
import type { Env } from './env';
import type { DbCache } from './http/db-cache';
import type { MailTransport } from './mail/transport';
import type { FetchLike, PaymentProvider } from './payments/provider';

/** What createApp needs from the outside world; tests pass a temp database and their own env. */
export interface AppDeps {
  /** The open database (db/client.ts): routes open transactions on it and hand services the handle. */
  db: Database;
  env: Env;
  /**
   * The payment provider every route and service talks to (payments/provider.ts). server.ts hands
   * the app and the background jobs the same one; by default createApp makes Cashfree's for env's
   * mode and credentials (payments/cashfree.ts), with `payments.fetch`.
   */
  provider?: PaymentProvider;
  /** Payments wiring; tests route the provider's and the emulator's fetch into app.request. */
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
  provider: PaymentProvider;
}
