// SQL that the two engines spell differently, one function each, so that services are written once
// (decision 020). Everything else a service writes (Drizzle's builders, =, <, coalesce, lower,
// substr, count, sum, case, row values) is the same on SQLite and PostgreSQL.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PROCESS_DATABASE_ENGINE } from '../env';
import type { Db } from './client';

const postgres = PROCESS_DATABASE_ENGINE === 'postgres';

/** The larger of two values (SQLite's two-argument max, PostgreSQL's greatest). */
export const greatest = (a: SQLWrapper | number, b: SQLWrapper | number): SQL =>
  postgres ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;

/** The smaller of two values. */
export const least = (a: SQLWrapper | number, b: SQLWrapper | number): SQL =>
  postgres ? sql`least(${a}, ${b})` : sql`min(${a}, ${b})`;

/** Case-insensitive "contains" on a column without a trigram index (the public list's filters). */
export const containsInsensitive = (column: SQLWrapper, needle: string): SQL =>
  postgres ? sql`strpos(lower(${column}), lower(${needle})) > 0` : sql`instr(lower(${column}), lower(${needle})) > 0`;

/**
 * A column the planner must not find rows by (SQLite's unary +): where one filter's index is the
 * one to walk and another's would read more. PostgreSQL's planner weighs them itself.
 */
/** A condition as a column of 1 or 0, read alike on both engines (SQLite has no boolean). */
export const flag = (condition: SQLWrapper): SQL<number> => sql<number>`case when ${condition} then 1 else 0 end`.mapWith(Number);

export const notIndexed = (column: SQLWrapper): SQL => (postgres ? sql`${column}` : sql`+${column}`);

/** The India month ('2026-11') of a UTC ISO timestamp held as text. */
export const indiaMonth = (isoText: SQLWrapper): SQL<string> =>
  postgres
    ? sql<string>`to_char((${isoText})::timestamptz at time zone 'Asia/Kolkata', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${isoText}, '+5 hours', '+30 minutes')`;

/** India's day ('YYYY-MM-DD') by the database's clock, for a statement written once and reused. */
export const indiaTodaySql: SQL<string> = postgres
  ? sql<string>`to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`
  : sql<string>`date('now', '+330 minutes')`;

/** Rows of a statement Drizzle's builders cannot write (a db/ module's own SQL). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  if (postgres) return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  return (db as unknown as { all(query: SQL): T[] }).all(statement);
}

/**
 * A read that decides a write locks its rows until the transaction ends (SELECT ... FOR UPDATE) on
 * PostgreSQL; on SQLite the transaction already holds the whole database (BEGIN IMMEDIATE).
 */
export function forUpdate<Q>(query: Q): Q {
  if (!postgres) return query;
  return (query as unknown as { for(strength: 'update'): Q }).for('update');
}

/** forUpdate for a read over a join: locks the rows of `table` alone (FOR UPDATE OF). */
export function forUpdateOf<Q>(query: Q, table: unknown): Q {
  if (!postgres) return query;
  return (query as unknown as { for(strength: 'update', config: { of: unknown }): Q }).for('update', { of: table });
}

/**
 * Makes the transactions that name the same key wait for each other until the first ends: a check
 * that counts rows and then inserts one (the sign-in limits) has no row to lock. PostgreSQL takes
 * a transaction-scoped advisory lock on the key's hash; on SQLite the transaction already holds
 * the whole database (BEGIN IMMEDIATE).
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  if (postgres) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * A queue's read on PostgreSQL: lock the rows it returns and skip those another worker has locked
 * (SELECT ... FOR UPDATE SKIP LOCKED), so that workers on several instances take different rows.
 */
export function forUpdateSkipLocked<Q>(query: Q): Q {
  if (!postgres) return query;
  return (query as unknown as { for(strength: 'update', config: { skipLocked: true }): Q }).for('update', { skipLocked: true });
}
