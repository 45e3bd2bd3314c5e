// The two engines' schemas define one model: every table, column, key, index and check of one is in
// the other, with the same meaning. A column added to one schema only fails here.
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as pg from './schema.pg';
import * as sqlite from './schema.sqlite';

/** What a column means, independent of how each engine spells its type. */
function kind(column: { columnType: string; dataType: string }) {
  switch (column.columnType) {
    case 'SQLiteInteger':
    case 'PgInteger':
    case 'PgBigInt53':
      return 'integer';
    case 'SQLiteBoolean':
    case 'PgBoolean':
      return 'boolean';
    case 'SQLiteTextJson':
    case 'PgJsonb':
      return 'json';
    case 'SQLiteText':
    case 'PgText':
      return 'text';
    // Sealed personal data (db/data-crypto.ts, decision 030): both engines' columns seal and unseal.
    case 'SQLiteCustomColumn':
    case 'PgCustomColumn':
      return 'sealed';
    default:
      return column.columnType;
  }
}

type Shape = {
  columns: Record<string, { kind: string; notNull: boolean; hasDefault: boolean; primary: boolean; unique: boolean }>;
  indexes: Record<string, { unique: boolean; columns: string[] }>;
  foreignKeys: string[];
  checks: string[];
};

function shapeOf(config: ReturnType<typeof pgConfig> | ReturnType<typeof sqliteConfig>): Shape {
  const columns: Shape['columns'] = {};
  for (const c of config.columns) {
    columns[c.name] = {
      kind: kind(c),
      notNull: c.notNull,
      // An identity column is PostgreSQL's autoincrement: a default either way.
      hasDefault: c.hasDefault || (c.primary && kind(c) === 'integer'),
      primary: c.primary,
      unique: c.isUnique,
    };
  }
  const indexes: Shape['indexes'] = {};
  for (const index of config.indexes) {
    indexes[index.config.name ?? 'unnamed'] = {
      unique: Boolean(index.config.unique),
      columns: index.config.columns.map((c) => ('name' in c && typeof c.name === 'string' ? c.name : 'expression')),
    };
  }
  const foreignKeys = config.foreignKeys
    .map((fk) => {
      const ref = fk.reference();
      const target = is(ref.foreignTable, PgTable)
        ? pgConfig(ref.foreignTable).name
        : sqliteConfig(ref.foreignTable as SQLiteTable).name;
      return `${ref.columns.map((c) => c.name).join(',')} -> ${target}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    })
    .sort();
  const checks = config.checks.map((c) => c.name).sort();
  return { columns, indexes, foreignKeys, checks };
}

const tablesOf = <T extends object>(module: T, isTable: (value: unknown) => boolean) =>
  Object.entries(module).filter(([, value]) => isTable(value));

describe('the SQLite and PostgreSQL schemas', () => {
  const pgTables = tablesOf(pg, (v) => is(v, PgTable));
  const sqliteTables = tablesOf(sqlite, (v) => is(v, SQLiteTable));

  it('export the same tables under the same names', () => {
    expect(pgTables.map(([name]) => name).sort()).toEqual(sqliteTables.map(([name]) => name).sort());
    expect(pgTables.length).toBeGreaterThanOrEqual(15);
  });

  for (const [name, table] of sqliteTables) {
    it(`define ${name} alike: columns, keys, indexes, foreign keys and checks`, () => {
      const other = (pg as Record<string, unknown>)[name] as PgTable;
      const a = shapeOf(sqliteConfig(table as SQLiteTable));
      const b = shapeOf(pgConfig(other));
      expect(pgConfig(other).name).toBe(sqliteConfig(table as SQLiteTable).name);
      expect(b).toEqual(a);
    });
  }
});
