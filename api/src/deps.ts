import type { AppDb } from './db/client';
import type { Env } from './env';
import type { DbCache } from './http/db-cache';

/** What createApp needs from the outside world; tests pass a temp database and their own env. */
export interface AppDeps {
  db: AppDb;
  env: Env;
}

export interface RouteDeps extends AppDeps {
  cache: DbCache;
}
