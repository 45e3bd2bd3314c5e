// Relations the database enforces (issue 39, decision 036): migration 0027 on SQLite (0024 on
// PostgreSQL) moves the ids kept in JSON arrays into join tables with foreign keys. Every promo code
// and group discount keeps the ticket types it named; one that named only deleted types is switched
// off (with none it would apply to all); every refund keeps its attendees with each one's share,
// split as services/refund-shares.ts splits it.
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PROCESS_DATABASE_ENGINE } from '../env';
import { refundShares } from '../services/refund-shares';
import { migratePostgresToLatest, migrateToLatest, postgresDatabaseBefore, sqliteDatabaseBefore } from '../testing/migrations';
import { dropTestDatabase } from '../testing/postgres';

interface Raw {
  run(sql: string, params?: unknown[]): Promise<void>;
  all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** The rows an older version wrote: three ticket types (one since deleted), codes, a rule, two refunds. */
async function writeOldRows(db: Raw, yes: string) {
  await db.run(
    `insert into events (title, description, date, time, venue, location, category, max_participants, price_paise, status)
     values ('Pune Half', '', '2030-03-20', '06:00', 'Shivajinagar, Pune', 'Pune', 'Running', 100, 50000, 'Active')`,
  );
  for (const name of ['General', 'VIP', 'Kids']) {
    await db.run(
      `insert into ticket_types (event_id, name, quantity, sold, held, valid_until, status, category) values (1, ?, 10, 0, 0, '2030-03-19', 'Active', 'General')`,
      [name],
    );
  }
  const code = `insert into promo_codes (event_id, code, code_key, kind, value, ticket_type_ids, active) values (1, ?, ?, 'percent', 10, ?, ${yes})`;
  await db.run(code, ['VipOnly', 'VIPONLY', '[2]']);
  await db.run(code, ['Everyone', 'EVERYONE', '[]']);
  await db.run(code, ['Gone', 'GONE', '[99]']);
  await db.run(
    `insert into group_discounts (event_id, name, min_quantity, percent, ticket_type_ids, active) values (1, 'Family', 3, 5, ?, ${yes})`,
    ['[1,3,99]'],
  );
  await db.run(
    `insert into orders (id, amount_paise, status, hold_expires_at, customer_name, customer_email, customer_phone, participant)
     values ('TDK_OLD_1', 75001, 'PAID', '2030-01-15T00:15:00.000Z', 'Asha Rao', 'asha@example.com', '9876543210', '{}')`,
  );
  const attendee = `insert into registrations (registration_number, booking_reference, position, order_id, event_id, ticket_name,
      ticket_price_paise, amount_paise, refunded_paise, status, payment_status, qr_code)
    values (?, 'REGOLD', ?, 'TDK_OLD_1', 1, 'General', ?, ?, ?, 'Cancelled', 'Refunded', ?)`;
  await db.run(attendee, ['REGOLD01', 1, 50000, 50000, 20001, 'q1']);
  await db.run(attendee, ['REGOLD02', 2, 25001, 25001, 10000, 'q2']);
  const refund = `insert into refunds (order_id, amount_paise, status, reason, requested_by, requested_by_email, registration_ids)
    values ('TDK_OLD_1', ?, ?, 'Rain', 'system', 'system', ?)`;
  await db.run(refund, [30001, 'succeeded', '[1,2]']);
  await db.run(refund, [100, 'failed', '[2]']);
}

/** What the new tables hold, and which codes and rules are on. */
async function readNewRows(db: Raw) {
  return {
    codes: await db.all(
      `select p.code, p.active, l.ticket_type_id as type from promo_codes p left join promo_code_ticket_types l on l.promo_code_id = p.id order by p.id, l.ticket_type_id`,
    ),
    discounts: await db.all(
      `select g.name, g.active, l.ticket_type_id as type from group_discounts g left join group_discount_ticket_types l on l.group_discount_id = g.id order by l.ticket_type_id`,
    ),
    shares: await db.all(
      `select refund_id as refund, registration_id as attendee, share_paise as share from refund_attendees order by refund_id, registration_id`,
    ),
  };
}

function expectMoved(found: Awaited<ReturnType<typeof readNewRows>>, yes: unknown, no: unknown) {
  expect(found.codes).toEqual([
    { code: 'VipOnly', active: yes, type: 2 },
    { code: 'Everyone', active: yes, type: null },
    { code: 'Gone', active: no, type: null },
  ]);
  expect(found.discounts).toEqual([
    { name: 'Family', active: yes, type: 1 },
    { name: 'Family', active: yes, type: 3 },
  ]);
  const split = refundShares(30001, [
    { id: 1, amountPaise: 50000 },
    { id: 2, amountPaise: 25001 },
  ]);
  expect(found.shares).toEqual([
    { refund: 1, attendee: 1, share: split.get(1) },
    { refund: 1, attendee: 2, share: split.get(2) },
    { refund: 2, attendee: 2, share: 100 },
  ]);
  // The cache the attendees kept is what their live shares add up to.
  expect([split.get(1), split.get(2)]).toEqual([20001, 10000]);
}

async function sqliteCase() {
  const file = await sqliteDatabaseBefore(27);
  let raw = new Database(file);
  const db: Raw = {
    run: async (sql, params = []) => void raw.prepare(sql).run(...params),
    all: async (sql, params = []) => raw.prepare(sql).all(...params) as Record<string, unknown>[],
  };
  await writeOldRows(db, '1');
  raw.close();
  await migrateToLatest(file);
  raw = new Database(file);
  expectMoved(await readNewRows(db), 1, 0);
  const columns = (table: string) => (raw.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
  expect(columns('promo_codes')).not.toContain('ticket_type_ids');
  expect(columns('group_discounts')).not.toContain('ticket_type_ids');
  expect(columns('refunds')).not.toContain('registration_ids');
  // The database now refuses a link to a ticket type that does not exist.
  raw.pragma('foreign_keys = ON');
  expect(() => raw.prepare(`insert into promo_code_ticket_types (promo_code_id, ticket_type_id) values (2, 99)`).run()).toThrow(
    /FOREIGN KEY/,
  );
  raw.close();
}

async function postgresCase() {
  const url = (await postgresDatabaseBefore(24))!;
  const client = new pg.Client({ connectionString: url });
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const db: Raw = {
    run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
    all: async (sql, params = []) =>
      (await client.query(numbered(sql), params)).rows.map((r: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])),
      ),
  };
  try {
    await client.connect();
    await writeOldRows(db, 'true');
    await migratePostgresToLatest(url);
    expectMoved(await readNewRows(db), true, false);
    const { rows } = await client.query(
      `select table_name, column_name from information_schema.columns where column_name in ('ticket_type_ids', 'registration_ids')`,
    );
    expect(rows).toEqual([]);
    await expect(
      client.query(`insert into promo_code_ticket_types (promo_code_id, ticket_type_id) values (2, 99)`),
    ).rejects.toThrow(/foreign key/);
  } finally {
    await client.end();
    await dropTestDatabase(url);
  }
}

describe('the join-tables migration (SQLite 0027, PostgreSQL 0024)', () => {
  it("keeps every code's and rule's ticket types and every refund's attendees with their shares, on the run's engine", async () => {
    await (PROCESS_DATABASE_ENGINE === 'postgres' ? postgresCase() : sqliteCase());
  });
});
