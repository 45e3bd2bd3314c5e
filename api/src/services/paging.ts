import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pageWithin } from '../contract';
import type { Db } from '../db/client';

export { pageWithin };

/**
 * A page of a list found by its index alone: how many match, which page that makes (pageWithin),
 * and a subquery of the page's ids, counted, sorted and skipped without reading a whole row. The
 * caller then reads only those rows, in the same order.
 */
export async function offsetPage(
  db: Db,
  list: { table: PgTable; id: PgColumn; where: SQL | undefined; orderBy: SQL[] },
  requested: number | undefined,
  pageSize: number,
) {
  const total = await db.$count(list.table, list.where);
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
