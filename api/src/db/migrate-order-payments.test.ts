// The provider-neutral names (issue 39, decision 036): migration 0026 on SQLite (0023 on PostgreSQL)
// renamed orders.cf_payment_id to provider_payment_id and orders.payment_session_id to
// provider_session_id; migration 0031 (0028) then moved the payment that paid an order into
// `payments`, its one owner, and dropped the order's copies. Every value an older version wrote
// stays: the session on the order, the paid order's payment id and method as its payment row,
// unique there, and an order that already had its payment row gets no second.
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratePostgresToLatest, migrateToLatest, postgresDatabaseBefore, sqliteDatabaseBefore } from '../testing/migrations';
import { dropTestDatabase } from '../testing/postgres';
import { PROCESS_DATABASE_ENGINE } from '../env';

const OLD_ORDER_COLUMNS = `id, amount_paise, status, hold_expires_at, customer_name, customer_email, customer_phone, participant, updated_at`;
const order = (id: string, status = 'PAID') => [
  id,
  50000,
  status,
  '2030-01-15T00:15:00.000Z',
  'Asha Rao',
  'asha@example.com',
  '9876543210',
  '{}',
  '2030-01-15T00:05:00.000Z',
];
const PAYMENT_ROW = `insert into payments (order_id, provider_payment_id, amount_paise, method, status, paid_at) values ('TDK_OLD_4', 'cf_pay_7310000004', 50000, 'Net Banking', 'SUCCESS', '2030-01-15T00:06:00.000Z')`;

/** What the orders and their payments hold after the latest migration. */
const EXPECTED = {
  orders: [
    { id: 'TDK_OLD_1', session: 'session_old_1' },
    { id: 'TDK_OLD_2', session: null },
    { id: 'TDK_OLD_3', session: 'session_old_3' },
    { id: 'TDK_OLD_4', session: null },
    { id: 'TDK_OLD_5', session: null },
  ],
  payments: [
    {
      order: 'TDK_OLD_1',
      payment: 'cf_pay_7310000001',
      method: 'UPI',
      amount: 50000,
      status: 'SUCCESS',
      paid: '2030-01-15T00:05:00.000Z',
    },
    { order: 'TDK_OLD_2', payment: null, method: 'Online', amount: 50000, status: 'SUCCESS', paid: '2030-01-15T00:05:00.000Z' },
    {
      order: 'TDK_OLD_4',
      payment: 'cf_pay_7310000004',
      method: 'Net Banking',
      amount: 50000,
      status: 'SUCCESS',
      paid: '2030-01-15T00:06:00.000Z',
    },
    {
      order: 'TDK_OLD_5',
      payment: 'cf_pay_7310000005',
      method: 'Credit Card',
      amount: 50000,
      status: 'SUCCESS',
      paid: '2030-01-15T00:05:00.000Z',
    },
  ],
};
const ORDERS = `select id, provider_session_id as session from orders order by id`;
const PAYMENTS = `select order_id as "order", provider_payment_id as payment, method, amount_paise as amount, status, paid_at as paid from payments order by order_id, id`;

/** SQLite's 0026 and 0031, on a file an older version wrote. */
async function sqliteCase() {
  const file = await sqliteDatabaseBefore(26);
  let raw = new Database(file);
  const insert = raw.prepare(
    `insert into orders (${OLD_ORDER_COLUMNS}, payment_session_id, cf_payment_id, payment_method) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(...order('TDK_OLD_1'), 'session_old_1', 'cf_pay_7310000001', 'UPI');
  insert.run(...order('TDK_OLD_2'), null, null, null);
  insert.run(...order('TDK_OLD_3', 'EXPIRED'), 'session_old_3', null, null);
  insert.run(...order('TDK_OLD_4'), null, 'cf_pay_7310000004', 'Net Banking');
  insert.run(...order('TDK_OLD_5', 'REFUND_REQUIRED'), null, 'cf_pay_7310000005', 'Credit Card');
  raw.prepare(PAYMENT_ROW).run();
  raw.close();

  await migrateToLatest(file);
  raw = new Database(file);
  const columns = (raw.prepare(`pragma table_info(orders)`).all() as { name: string }[]).map((c) => c.name);
  expect(columns).toContain('provider_session_id');
  expect(columns.filter((c) => c.startsWith('cf_') || c.includes('payment_'))).toEqual([]);
  expect(raw.prepare(ORDERS).all()).toEqual(EXPECTED.orders);
  expect(raw.prepare(PAYMENTS).all()).toEqual(EXPECTED.payments);
  expect(() =>
    raw
      .prepare(`insert into payments (order_id, provider_payment_id, amount_paise, method, paid_at) values (?, ?, ?, ?, ?)`)
      .run('TDK_OLD_2', 'cf_pay_7310000001', 50000, 'UPI', '2030-01-16T00:00:00.000Z'),
  ).toThrow(/UNIQUE/);
  raw.close();
}

/** PostgreSQL's 0023 and 0028, on a database of the run's server an older version wrote. */
async function postgresCase() {
  const url = (await postgresDatabaseBefore(23))!;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const insert = `insert into orders (${OLD_ORDER_COLUMNS}, payment_session_id, cf_payment_id, payment_method) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`;
    await client.query(insert, [...order('TDK_OLD_1'), 'session_old_1', 'cf_pay_7310000001', 'UPI']);
    await client.query(insert, [...order('TDK_OLD_2'), null, null, null]);
    await client.query(insert, [...order('TDK_OLD_3', 'EXPIRED'), 'session_old_3', null, null]);
    await client.query(insert, [...order('TDK_OLD_4'), null, 'cf_pay_7310000004', 'Net Banking']);
    await client.query(insert, [...order('TDK_OLD_5', 'REFUND_REQUIRED'), null, 'cf_pay_7310000005', 'Credit Card']);
    await client.query(PAYMENT_ROW);

    await migratePostgresToLatest(url);
    const columns = await client.query(
      `select column_name from information_schema.columns where table_name = 'orders' and (column_name like 'cf_%' or column_name like '%payment_%')`,
    );
    expect(columns.rows).toEqual([]);
    expect((await client.query(ORDERS)).rows).toEqual(EXPECTED.orders);
    const paid = (await client.query(PAYMENTS)).rows.map((r: Record<string, unknown>) => ({ ...r, amount: Number(r.amount) }));
    expect(paid).toEqual(EXPECTED.payments);
    await expect(
      client.query(
        `insert into payments (order_id, provider_payment_id, amount_paise, method, paid_at) values ($1, $2, $3, $4, $5)`,
        ['TDK_OLD_2', 'cf_pay_7310000001', 50000, 'UPI', '2030-01-16T00:00:00.000Z'],
      ),
    ).rejects.toThrow(/payments_provider_payment_id_unique/);
  } finally {
    await client.end();
    await dropTestDatabase(url);
  }
}

describe('the provider-neutral names and the order payment migrations (SQLite 0026 and 0031, PostgreSQL 0023 and 0028)', () => {
  it("keeps every order's payment session on the order and its payment as one row of payments, unique there, on the run's engine", async () => {
    // Each run checks its own engine's migration: the SQLite run the file, the PostgreSQL run the server.
    await (PROCESS_DATABASE_ENGINE === 'postgres' ? postgresCase() : sqliteCase());
  });
});
