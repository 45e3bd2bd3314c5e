import { is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { COPY_ORDER } from './copy';
import * as sqliteSchema from './schema.sqlite';

describe('db:copy', () => {
  it('copies every table the schema has (a new table must join COPY_ORDER, after the tables it references)', () => {
    const tables = Object.entries(sqliteSchema)
      .filter(([, value]) => is(value, SQLiteTable))
      .map(([name]) => name);
    expect([...COPY_ORDER].sort()).toEqual(tables.sort());
  });
});
