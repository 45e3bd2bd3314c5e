// db:copy: a seeded SQLite install copied into a new PostgreSQL database on the test run's server,
// row for row, with ids kept and new rows numbered after them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../env';
import { createTestApp, type TestApp } from '../testing/test-app';
import { copySqliteToPostgres, CopyRefusal } from './copy';
import { PROCESS_DATABASE_ENGINE } from '../env';

const server = TEST_POSTGRES_URL!;
const databaseUrl = (name: string) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let t: TestApp;
let target: string;
beforeAll(async () => {
  t = await createTestApp();
  const name = `tdk_copy_${randomBytes(4).toString('hex')}`;
  await onServer(server, (c) => c.query(`CREATE DATABASE "${name}"`));
  target = databaseUrl(name);
});
afterAll(async () => {
  await t.close();
  const name = new URL(target).pathname.slice(1);
  await onServer(server, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

describe('npm run db:copy', () => {
  it('copies every table of a SQLite install, keeps ids, and numbers new rows after them; a second copy is refused', async () => {
    expect(PROCESS_DATABASE_ENGINE).toBe('sqlite');
    if (t.env.database.engine !== 'sqlite') throw new Error('a SQLite source is needed');
    const driver = t.db.driver;
    if (driver.engine !== 'sqlite') throw new Error('a SQLite source is needed');
    const source = driver.sqlite;
    const tables = source
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%search%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%'`,
      )
      .pluck()
      .all() as string[];
    const counts = await copySqliteToPostgres(t.env.database.file, target);

    for (const table of tables) {
      const expected = source.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
      expect(counts[table], table).toBe(expected);
    }
    expect(counts.registrations).toBeGreaterThan(0);

    await onServer(target, async (c) => {
      // A row reads back the same: its id, text, booleans and JSON.
      const sqliteEvent = source.prepare('SELECT id, title, highlights FROM events ORDER BY id LIMIT 1').get() as {
        id: number;
        title: string;
        highlights: string;
      };
      const { rows } = await c.query('SELECT id, title, highlights FROM events WHERE id = $1', [sqliteEvent.id]);
      expect(rows[0]).toEqual({ id: sqliteEvent.id, title: sqliteEvent.title, highlights: JSON.parse(sqliteEvent.highlights) });
      const emailed = source.prepare('SELECT count(*) FROM registrations WHERE email_sent = 1').pluck().get() as number;
      const { rows: flags } = await c.query('SELECT count(*)::int AS n FROM registrations WHERE email_sent');
      expect(flags[0].n).toBe(emailed);
      // The next event is numbered after the copied ones.
      const maxId = source.prepare('SELECT max(id) FROM events').pluck().get() as number;
      const { rows: inserted } = await c.query(
        `INSERT INTO events (organisation_id, title, date, time, venue, location, category, max_participants) VALUES ((SELECT min(id) FROM organisations), 'New', '2030-01-01', '07:00', 'Pune', 'Pune', 'Running', 10) RETURNING id`,
      );
      expect(inserted[0].id).toBe(maxId + 1);
    });

    await expect(copySqliteToPostgres(t.env.database.file, target)).rejects.toThrow(CopyRefusal);
    // The refusal names the first table it found rows in: the organisations, copied first.
    const copiedOrganisations = source.prepare('SELECT count(*) FROM organisations').pluck().get() as number;
    expect(copiedOrganisations).toBeGreaterThan(0);
    await expect(copySqliteToPostgres(t.env.database.file, target)).rejects.toThrow(
      `is not empty (organisations has ${copiedOrganisations} rows): copy into a new, empty database.`,
    );
  });
});
