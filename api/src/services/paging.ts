import { count, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';

/** The page asked for, moved back to the last one when the list has become shorter. */
export const pageWithin = (total: number, page: number | undefined, pageSize: number) =>
  Math.min(page ?? 1, Math.max(1, Math.ceil(total / pageSize)));

/**
 * A page of a list found by its index alone: how many match, which page that makes (pageWithin),
 * and a subquery of the page's ids, counted, sorted and skipped without reading a whole row. The
 * caller then reads only those rows, in the same order.
 */
export function offsetPage(
  db: Db,
  list: { table: SQLiteTable; id: SQLiteColumn; where: SQL | undefined; orderBy: SQL[] },
  requested: number | undefined,
  pageSize: number,
) {
  const total = db.select({ n: count() }).from(list.table).where(list.where).get()!.n;
  const page = pageWithin(total, requested, pageSize);
  const ids = db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total, page, ids };
}
