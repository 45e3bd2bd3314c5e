// Disabling per membership (decision 057): migration SQLite 0039 / PostgreSQL 0036 moves an account's
// `disabled`, set by an organisation's admin on the Users screen, to its memberships; the account's
// own flag is cleared for an account with memberships and kept for one with none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PROCESS_DATABASE_ENGINE } from '../env';
import { migratePostgresToLatest, migrateToLatest, postgresDatabaseBefore, sqliteDatabaseBefore } from '../testing/migrations';
import { dropTestDatabase } from '../testing/postgres';
import { MIGRATIONS_FOLDER, POSTGRES_MIGRATIONS_FOLDER } from './migrate';

/** The journal index of this migration in a folder (found by name, so a renumbering elsewhere does not break it). */
const indexOf = (folder: string) =>
  (
    JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] }
  ).entries.find((e) => e.tag.endsWith('_membership_disabled'))!.idx;

interface Raw {
  run(sql: string): Promise<void>;
  all(sql: string): Promise<Record<string, unknown>[]>;
}

async function writeOldRows(db: Raw, yes: string, no: string) {
  for (const slug of ['alpha', 'bravo']) {
    await db.run(
      `insert into organisations (slug, display_name, legal_name, contact_email, state, status) values ('${slug}', '${slug}', '${slug}', '${slug}@x.test', '27', 'approved')`,
    );
  }
  const account = (email: string, disabled: string) =>
    db.run(`insert into staff_users (email, full_name, password_hash, disabled) values ('${email}', 'X', 'h', ${disabled})`);
  await account('enabled@x.test', no); // 1
  await account('disabled@x.test', yes); // 2: a member of both
  await account('nowhere@x.test', yes); // 3: no membership
  await db.run(
    `insert into memberships (staff_user_id, organisation_id, role) values (1, 1, 'admin'), (2, 1, 'support'), (2, 2, 'manager')`,
  );
}

async function expectMoved(db: Raw, yes: unknown, no: unknown) {
  expect(
    await db.all(`select staff_user_id, organisation_id, disabled from memberships order by staff_user_id, organisation_id`),
  ).toEqual([
    { staff_user_id: 1, organisation_id: 1, disabled: no },
    { staff_user_id: 2, organisation_id: 1, disabled: yes },
    { staff_user_id: 2, organisation_id: 2, disabled: yes },
  ]);
  expect(await db.all(`select id, disabled from staff_users order by id`)).toEqual([
    { id: 1, disabled: no },
    { id: 2, disabled: no },
    { id: 3, disabled: yes },
  ]);
}

describe('the membership_disabled migration (SQLite 0039, PostgreSQL 0036)', () => {
  it("moves a disabled account's state to its memberships, on the run's engine", async () => {
    if (PROCESS_DATABASE_ENGINE === 'postgres') {
      const url = (await postgresDatabaseBefore(indexOf(POSTGRES_MIGRATIONS_FOLDER)))!;
      const client = new pg.Client({ connectionString: url });
      const db: Raw = {
        run: async (sql) => void (await client.query(sql)),
        all: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
      };
      try {
        await client.connect();
        await writeOldRows(db, 'true', 'false');
        await migratePostgresToLatest(url);
        await expectMoved(db, true, false);
      } finally {
        await client.end();
        await dropTestDatabase(url);
      }
      return;
    }
    const file = await sqliteDatabaseBefore(indexOf(MIGRATIONS_FOLDER));
    let raw = new Database(file);
    const db: Raw = {
      run: async (sql) => void raw.prepare(sql).run(),
      all: async (sql) => raw.prepare(sql).all() as Record<string, unknown>[],
    };
    await writeOldRows(db, '1', '0');
    raw.close();
    await migrateToLatest(file);
    raw = new Database(file);
    await expectMoved(db, 1, 0);
    raw.close();
  });
});
