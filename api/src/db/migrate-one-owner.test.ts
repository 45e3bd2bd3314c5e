// The one-owner migrations (decision 036) on rows an older version wrote: 0022 (0019 on PostgreSQL)
// drops registrations' copy of their event's title, date, time and venue, so every attendee shows its
// event's own date; 0023 (0020) keeps only what staff set on a ticket type (Active or Upcoming);
// 0024 (0021) makes every check-in a row of check_ins.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, sqliteDatabaseBefore } from '../testing/migrations';

describe('SQLite migration 0022 (event facts read from events)', () => {
  it('keeps every attendee of a postponed event and shows them its new date', async () => {
    const file = await sqliteDatabaseBefore(22);

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

    await migrateToLatest(file);
    raw = new Database(file);
    const columns = (raw.prepare(`pragma table_info(registrations)`).all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toEqual(expect.arrayContaining(['event_date']));
    expect(columns.filter((c) => c.startsWith('event_'))).toEqual(['event_id']);
    // 0024: the check-in recorded on the attendee is a row of the gate's list.
    expect(columns.filter((c) => c.startsWith('check'))).toEqual([]);
    expect(raw.prepare('select list, via, staff_email as staff, checked_in_at as at from check_ins').all()).toEqual([
      { list: 'entry', via: 'earlier', staff: '', at: '2030-01-15T01:00:00.000Z' },
    ]);
    expect(
      raw
        .prepare(
          `select r.registration_number as number, r.status, r.refunded_paise as refunded, c.checked_in_at as checkedIn,
             e.date, e.time from registrations r join events e on e.id = r.event_id
             left join check_ins c on c.registration_id = r.id and c.list = 'entry' order by r.position`,
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

describe('SQLite migration 0023 (ticket status derived)', () => {
  it('keeps what staff meant: a hand-set Sold Out with seats left is off sale, Expired past its day shows Expired', async () => {
    const file = await sqliteDatabaseBefore(23);
    let raw = new Database(file);
    raw
      .prepare(
        `insert into events (title, description, date, time, venue, location, category, max_participants, price_paise, status)
         values ('Kochi Derby', '', '2030-03-20', '19:00', 'Kaloor, Kochi', 'Kochi', 'Football', 100, 50000, 'Active')`,
      )
      .run();
    const insert = raw.prepare(
      `insert into ticket_types (event_id, name, quantity, sold, held, valid_until, status, category) values (1, ?, 10, ?, 0, ?, ?, 'General')`,
    );
    insert.run('Paused by hand', 4, null, 'Sold Out');
    insert.run('Really sold out', 10, null, 'Sold Out');
    insert.run('Past its day', 0, '2020-01-31', 'Expired');
    insert.run('Marked expired early', 0, '2099-01-31', 'Expired');
    insert.run('On sale', 2, null, 'Active');
    raw.close();

    await migrateToLatest(file);
    raw = new Database(file);
    expect(raw.prepare('select name, status from ticket_types order by id').all()).toEqual([
      { name: 'Paused by hand', status: 'Upcoming' },
      { name: 'Really sold out', status: 'Active' },
      { name: 'Past its day', status: 'Active' },
      { name: 'Marked expired early', status: 'Upcoming' },
      { name: 'On sale', status: 'Active' },
    ]);
    // The name search still follows a renamed type (the rebuild's triggers), and only the two settings are allowed.
    raw.prepare(`update ticket_types set name = 'Gallery Stand' where id = 5`).run();
    expect(raw.prepare(`select rowid from ticket_types_search where ticket_types_search match 'Gallery'`).all()).toEqual([
      { rowid: 5 },
    ]);
    expect(() => raw.prepare(`update ticket_types set status = 'Sold Out' where id = 5`).run()).toThrow(/CHECK/);
    raw.close();
  });
});
