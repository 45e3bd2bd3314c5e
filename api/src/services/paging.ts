import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pageWithin } from '../contract';
import { cappedCount } from '../db/capped-count';
import type { Db } from '../db/client';

export { pageWithin };

/**
 * A page of a list found by its index alone: how many match, which page that makes (pageWithin),
 * and a subquery of the page's ids, counted, sorted and skipped without reading a whole row. The
 * caller then reads only those rows, in the same order. With `countCap` (a search), more matches
 * than the cap, or than the rows up to the page asked for, are not counted through: the answer is
 * `totalIsAtLeast` (decision 018), and the page asked for is given as asked.
 */
export async function offsetPage(
  db: Db,
  list: { table: PgTable; id: PgColumn; where: SQL | undefined; orderBy: SQL[]; countCap?: number },
  requested: number | undefined,
  pageSize: number,
) {
  const countTo = list.countCap === undefined ? undefined : Math.max(list.countCap, (requested ?? 1) * pageSize);
  const { total, atLeast } =
    countTo === undefined
      ? { total: await db.$count(list.table, list.where), atLeast: false }
      : await cappedCount(db, list.table, list.where, countTo);
  const page = atLeast ? (requested ?? 1) : pageWithin(total, requested, pageSize);
  const ids = db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total, ...(atLeast && { totalIsAtLeast: true as const }), page, ids };
}
