// The data layer's one face (decision 020). Services are written once, against `Db`: a Drizzle
// database or transaction, typed as PostgreSQL's (no synchronous .get/.all/.run exists on it). At
// run time it is the engine's own: SQLite through better-sqlite3, or PostgreSQL through node-postgres,
// querying that engine's tables (db/schema.ts). What differs by engine sits in this folder only.
import { chmodSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** A data folder this process cannot use (read-only, not a folder, not its own): a reason not to start. */
export class DataFolderUnusable extends Error {
  override name = 'DataFolderUnusable';
}

/** Owner only: the database, its backups, the session secret and queued e-mails hold personal data. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Tightens a file or folder this process made to its owner alone (a no-op on Windows). */
export function keepPrivate(path: string, mode: number) {
  if (process.platform === 'win32' || !existsSync(path)) return;
  if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
}

/** Creates a folder (owner only) and proves it writable, or says plainly which folder and why not. */
function ensureWritableDir(dir: string, mode: number | undefined, what: string) {
  try {
    mkdirSync(dir, { recursive: true, ...(mode !== undefined && { mode }) });
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    // Root passes permission checks, a read-only mount does not: only a real write tells.
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    if (mode !== undefined) keepPrivate(dir, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EROFS'
        ? 'is on a read-only file system'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'is not a folder'
          : code === 'ENOSPC'
            ? 'is on a full disk'
            : 'is not writable by this user';
    throw new DataFolderUnusable(
      `${what} ${dir} ${why} (${code ?? (error as Error).message}): ` +
        'the platform keeps its data there. Give the user running it write access, or set ' +
        `${what === 'UPLOADS_DIR' ? 'UPLOADS_DIR' : 'DATA_DIR'} to another folder.`,
    );
  }
}

/**
 * Creates DATA_DIR and its sub-folders when missing (a fresh machine starts with none), readable by
 * this user alone (0700; decision 029), and refuses a folder it cannot write to. UPLOADS_DIR set
 * apart may be shared storage: its mode is the operator's.
 */
export function ensureDataDirs(paths: DataPaths, uploadsDir: string) {
  ensureWritableDir(paths.dataDir, PRIVATE_DIR_MODE, 'DATA_DIR');
  ensureWritableDir(paths.outboxDir, PRIVATE_DIR_MODE, 'DATA_DIR');
  const uploadsInData = join(paths.dataDir, 'uploads') === join(uploadsDir);
  ensureWritableDir(uploadsDir, uploadsInData ? PRIVATE_DIR_MODE : undefined, uploadsInData ? 'DATA_DIR' : 'UPLOADS_DIR');
}
