// The data layer's one face (decision 020). Services are written once, against `Db`: a Drizzle
// database or transaction, typed as PostgreSQL's (no synchronous .get/.all/.run exists on it). At
// run time it is the engine's own: SQLite through better-sqlite3, or PostgreSQL through node-postgres,
// querying that engine's tables (db/schema.ts). What differs by engine sits in this folder only.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DatabaseEngine } from '../env';
import type * as schema from './schema.pg';

/** What services query through: the database or a transaction on it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The open database: transactions, reads, and what the engine-specific modules need of it. */
export interface Database {
  readonly engine: DatabaseEngine;
  /**
   * Runs fn in one transaction, committed when fn resolves and rolled back when it throws. fn gets
   * the handle to query through and passes it down; it must not await anything but the database
   * (no network, no hashing), and never opens a transaction of its own.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Reads (or single-statement writes) outside a transaction. */
  query<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The engine's own handle, for the engine-specific modules of this folder only. */
  readonly driver: EngineDriver;
}

export type EngineDriver =
  | { engine: 'sqlite'; sqlite: import('better-sqlite3').Database; file: string }
  | { engine: 'postgres'; pool: import('pg').Pool; url: string };

export interface DataPaths {
  dataDir: string;
  outboxDir: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return { dataDir, outboxDir: join(dataDir, 'outbox') };
}

/** Creates DATA_DIR and its sub-folders when missing (a fresh machine starts with none). */
export function ensureDataDirs(paths: DataPaths, uploadsDir: string) {
  for (const dir of [paths.dataDir, uploadsDir, paths.outboxDir]) mkdirSync(dir, { recursive: true });
}
