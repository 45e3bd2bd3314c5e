// The waiting page's reads (decision 032): every browser of an event reads one snapshot of its room,
// refreshed at most a few times a second per instance, so the database answers a handful of reads
// per second whatever the length of the line.
//
// A read never waits for a refresh while the snapshot it has is recent: once a snapshot is older
// than its time (`ttlMs`) the next read starts one refresh and is answered, like every read until
// that refresh lands, from the snapshot in hand. Only a read with no snapshot, or one older than
// `STALE_TURNS` times its time (the database slow or away), waits for the refresh, and shares it
// with every read that arrives meanwhile. So a status read costs no database wait, and a slow
// refresh (a busy pool, the admission job's transaction on SQLite) delays no browser.
import type { Database } from '../db/client';
import { readSnapshot, type RoomSnapshot } from './waiting-room';

/** How long a snapshot serves: four refreshes a second at most, per event, per instance. */
export const SNAPSHOT_MS = 250;
/** A snapshot older than this many of its times is not answered from: the read waits for a fresh one. */
export const STALE_TURNS = 8;
/** Events remembered at once (an unknown id is remembered too, so ids guessed in bulk cost one read each, then none). */
const MAX_EVENTS = 1_000;

interface Entry {
  /** When the refresh that read `value` started (undefined: no snapshot yet). */
  at?: number;
  value: RoomSnapshot | undefined;
  pending?: Promise<RoomSnapshot | undefined>;
}

export interface SnapshotCache {
  get(eventId: number, now?: number): Promise<RoomSnapshot | undefined>;
  /** How many database reads refreshed snapshots (for the bench and the tests). */
  readonly refreshes: number;
}

export function createSnapshotCache(database: Pick<Database, 'query'>, ttlMs = SNAPSHOT_MS): SnapshotCache {
  const entries = new Map<number, Entry>();
  let refreshes = 0;

  const refresh = (eventId: number, entry: Entry, now: number) => {
    refreshes++;
    entry.pending = database
      .query((db) => readSnapshot(db, eventId))
      .then((value) => {
        entry.value = value;
        entry.at = now;
        return value;
      })
      .finally(() => {
        entry.pending = undefined;
      });
    return entry.pending;
  };

  return {
    get refreshes() {
      return refreshes;
    },
    async get(eventId, now = Date.now()) {
      let entry = entries.get(eventId);
      if (!entry) {
        if (entries.size >= MAX_EVENTS) entries.clear();
        entry = { value: undefined };
        entries.set(eventId, entry);
      }
      const age = entry.at === undefined ? Infinity : now - entry.at;
      if (age < ttlMs) return entry.value;
      if (age < ttlMs * STALE_TURNS) {
        // Recent enough: answered now, refreshed behind. A refresh that fails leaves the snapshot
        // in hand; once it is too old the reads wait for one and see the failure.
        if (!entry.pending) refresh(eventId, entry, now).catch(() => undefined);
        return entry.value;
      }
      return entry.pending ?? refresh(eventId, entry, now);
    },
  };
}
