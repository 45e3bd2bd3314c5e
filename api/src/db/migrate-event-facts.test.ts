// Migration 0022 (SQLite; 0019 on PostgreSQL) drops registrations' copy of their event's title, date,
// time and venue (decision 036): every attendee keeps its row, number, money and check-in, and from
// then on shows its event's own date, the postponed one included.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-app';
import { MIGRATIONS_FOLDER, prepareSqliteFile } from './migrate';

describe('SQLite migration 0022 (event facts read from events)', () => {
  it('keeps every attendee of a postponed event and shows them its new date', async () => {
    const dir = tempDir('tdk-migrate-');
    const before = join(dir, 'before');
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 22);
    writeFileSync(journalFile, JSON.stringify(journal));
    const file = join(dir, 'tdk.sqlite');
    await prepareSqliteFile(file, before).close();

    let raw = new Database(file);
    // An event postponed from 15 January to 20 March, whose attendees still held the old date.
    raw
      .prepare(
        `insert into events (title, description, date, time, venue, location, category, max_participants, price_paise, status)
         values ('Pune Half', '', '2030-03-20', '06:00', 'Shivajinagar, Pune', 'Pune', 'Running', 10, 50000, 'Active')`,
      )
      .run();
    const insert = raw.prepare(
      `insert into registrations (registration_number, booking_reference, position, event_id, event_name, event_date,
         event_time, event_venue, ticket_name, ticket_price_paise, amount_paise, refunded_paise, status, payment_status,
         check_in_time, qr_code)
       values (?, 'REGOLD', ?, 1, 'Pune Half', '2030-01-15', '06:30', 'Shivajinagar, Pune', 'General', 50000, 50000, ?, ?, ?, ?, ?)`,
    );
    insert.run('REGOLD01', 1, 0, 'Checked-In', 'Paid', '2030-01-15T01:00:00.000Z', 'TDK-REGOLD01-1');
    insert.run('REGOLD02', 2, 50000, 'Cancelled', 'Refunded', null, 'TDK-REGOLD02-1');
    raw.close();

    await prepareSqliteFile(file).close();
    raw = new Database(file);
    const columns = (raw.prepare(`pragma table_info(registrations)`).all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toEqual(expect.arrayContaining(['event_date']));
    expect(columns.filter((c) => c.startsWith('event_'))).toEqual(['event_id']);
    expect(
      raw
        .prepare(
          `select r.registration_number as number, r.status, r.refunded_paise as refunded, r.check_in_time as checkedIn,
             e.date, e.time from registrations r join events e on e.id = r.event_id order by r.position`,
        )
        .all(),
    ).toEqual([
      {
        number: 'REGOLD01',
        status: 'Checked-In',
        refunded: 0,
        checkedIn: '2030-01-15T01:00:00.000Z',
        date: '2030-03-20',
        time: '06:00',
      },
      { number: 'REGOLD02', status: 'Cancelled', refunded: 50000, checkedIn: null, date: '2030-03-20', time: '06:00' },
    ]);
    raw.close();
  });
});
