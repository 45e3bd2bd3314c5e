// The provider-neutral names (issue 39, decision 036): migration 0026 on SQLite (0023 on PostgreSQL)
// renames orders.cf_payment_id to provider_payment_id and orders.payment_session_id to
// provider_session_id. Every value an older version wrote stays, and the payment id is still unique.
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratePostgresToLatest, migrateToLatest, postgresDatabaseBefore, sqliteDatabaseBefore } from '../testing/migrations';
import { dropTestDatabase } from '../testing/postgres';
import { PROCESS_DATABASE_ENGINE } from '../env';

const OLD_ORDER_COLUMNS = `id, amount_paise, status, hold_expires_at, customer_name, customer_email, customer_phone, participant`;
const paid = (id: string) => [id, 50000, 'PAID', '2030-01-15T00:15:00.000Z', 'Asha Rao', 'asha@example.com', '9876543210', '{}'];

/** SQLite's 0026, on a file an older version wrote. */
async function sqliteCase() {
  const file = await sqliteDatabaseBefore(26);
  let raw = new Database(file);
  const insert = raw.prepare(
    `insert into orders (${OLD_ORDER_COLUMNS}, payment_session_id, cf_payment_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(...paid('TDK_OLD_1'), 'session_old_1', 'cf_pay_7310000001');
  insert.run(...paid('TDK_OLD_2'), null, null);
  raw.close();

  await migrateToLatest(file);
  raw = new Database(file);
  const columns = (raw.prepare(`pragma table_info(orders)`).all() as { name: string }[]).map((c) => c.name);
  expect(columns).toEqual(expect.arrayContaining(['provider_session_id', 'provider_payment_id']));
  expect(columns.filter((c) => c.startsWith('cf_') || c === 'payment_session_id')).toEqual([]);
  expect(
    raw.prepare(`select id, provider_session_id as session, provider_payment_id as payment from orders order by id`).all(),
  ).toEqual([
    { id: 'TDK_OLD_1', session: 'session_old_1', payment: 'cf_pay_7310000001' },
    { id: 'TDK_OLD_2', session: null, payment: null },
  ]);
  const indexes = (raw.prepare(`pragma index_list(orders)`).all() as { name: string; unique: number }[]).filter((i) =>
    i.name.includes('payment_id'),
  );
  expect(indexes).toEqual([expect.objectContaining({ name: 'orders_provider_payment_id_unique', unique: 1 })]);
  expect(() =>
    raw
      .prepare(`insert into orders (${OLD_ORDER_COLUMNS}, provider_payment_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(...paid('TDK_NEW_1'), 'cf_pay_7310000001'),
  ).toThrow(/UNIQUE/);
  raw.close();
}

/** PostgreSQL's 0023, on a database of the run's server an older version wrote. */
async function postgresCase() {
  const url = (await postgresDatabaseBefore(23))!;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const insert = `insert into orders (${OLD_ORDER_COLUMNS}, payment_session_id, cf_payment_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
    await client.query(insert, [...paid('TDK_OLD_1'), 'session_old_1', 'cf_pay_7310000001']);
    await client.query(insert, [...paid('TDK_OLD_2'), null, null]);

    await migratePostgresToLatest(url);
    const { rows } = await client.query(
      `select id, provider_session_id as session, provider_payment_id as payment from orders order by id`,
    );
    expect(rows).toEqual([
      { id: 'TDK_OLD_1', session: 'session_old_1', payment: 'cf_pay_7310000001' },
      { id: 'TDK_OLD_2', session: null, payment: null },
    ]);
    const constraints = await client.query(
      `select conname from pg_constraint where conrelid = 'orders'::regclass and contype = 'u' and conname like '%payment_id%'`,
    );
    expect(constraints.rows).toEqual([{ conname: 'orders_provider_payment_id_unique' }]);
    await expect(
      client.query(`insert into orders (${OLD_ORDER_COLUMNS}, provider_payment_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        ...paid('TDK_NEW_1'),
        'cf_pay_7310000001',
      ]),
    ).rejects.toThrow(/orders_provider_payment_id_unique/);
  } finally {
    await client.end();
    await dropTestDatabase(url);
  }
}

describe('the provider-neutral names migration (SQLite 0026, PostgreSQL 0023)', () => {
  it("keeps every order's payment id and payment session under their new names, the payment id still unique, on the run's engine", async () => {
    // Each run checks its own engine's migration: the SQLite run the file, the PostgreSQL run the server.
    await (PROCESS_DATABASE_ENGINE === 'postgres' ? postgresCase() : sqliteCase());
  });
});
