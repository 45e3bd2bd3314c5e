// Migration 0010 rebuilds events on SQLite (its status CHECK now allows Cancelled, decision 025):
// an existing database keeps every row that references an event, and its search still works.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, sqliteDatabaseBefore } from '../testing/migrations';

describe('SQLite migration 0010 (events rebuilt)', () => {
  it('keeps ticket types and the search of an event made before it, and allows Cancelled', async () => {
    const file = await sqliteDatabaseBefore(10);

    let raw = new Database(file);
    raw
      .prepare(
        `insert into events (title, description, date, time, venue, location, category, max_participants, price_paise, status)
         values ('Lonavala Trail', '', '2030-01-01', '06:00', 'Lonavala', 'Pune', 'Running', 10, 100, 'Active')`,
      )
      .run();
    raw.prepare(`insert into ticket_types (event_id, name, quantity, category) values (1, 'General', 10, 'General')`).run();
    raw.close();

    await migrateToLatest(file);
    raw = new Database(file);
    expect(raw.prepare('select count(*) as n from ticket_types where event_id = 1').get()).toEqual({ n: 1 });
    expect(raw.prepare(`select rowid from events_search where events_search match 'Lonavala'`).all()).toEqual([{ rowid: 1 }]);
    raw.prepare(`update events set status = 'Cancelled', title = 'Lonavala Trail Run' where id = 1`).run();
    expect(raw.prepare(`select rowid from events_search where events_search match 'Trail Run'`).all()).toEqual([{ rowid: 1 }]);
    expect(() => raw.prepare(`update events set status = 'Gone' where id = 1`).run()).toThrow(/CHECK/);
    raw.close();
  });
});
