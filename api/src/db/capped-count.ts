// A count that stops: how many rows match, read up to one past a cap. A broad search is answered
// "1,000+" rather than counted through (decision 018), so that counting it reads a bounded number
// of rows whatever the table's size, on either engine.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** How many rows of `table` match `where`, at most `countTo`; `atLeast` when more than that match. */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  countTo: number,
): Promise<{ total: number; atLeast: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(countTo + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  return n > countTo ? { total: countTo, atLeast: true } : { total: n, atLeast: false };
}
