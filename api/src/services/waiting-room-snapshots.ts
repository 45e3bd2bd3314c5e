// The waiting page's reads (decision 032): every browser of an event reads one snapshot of its room,
// refreshed at most a few times a second per instance, so the database answers a handful of reads
// per second whatever the length of the line. A refresh in flight is shared by every read that
// arrives meanwhile.
import type { Database } from '../db/client';
import { readSnapshot, type RoomSnapshot } from './waiting-room';

/** How long a snapshot serves: four refreshes a second at most, per event, per instance. */
export const SNAPSHOT_MS = 250;
/** Events remembered at once (an unknown id is remembered too, so ids guessed in bulk cost one read each, then none). */
const MAX_EVENTS = 1_000;

interface Entry {
  at: number;
  value: RoomSnapshot | undefined;
  pending?: Promise<RoomSnapshot | undefined>;
}

export interface SnapshotCache {
  get(eventId: number, now?: number): Promise<RoomSnapshot | undefined>;
  /** How many database reads refreshed snapshots (for the bench and the tests). */
  readonly refreshes: number;
}

export function createSnapshotCache(database: Database, ttlMs = SNAPSHOT_MS): SnapshotCache {
  const entries = new Map<number, Entry>();
  let refreshes = 0;
  return {
    get refreshes() {
      return refreshes;
    },
    async get(eventId, now = Date.now()) {
      const entry = entries.get(eventId);
      if (entry?.pending) return entry.pending;
      if (entry && now - entry.at < ttlMs) return entry.value;
      if (!entry && entries.size >= MAX_EVENTS) entries.clear();
      const fresh: Entry = entry ?? { at: 0, value: undefined };
      refreshes++;
      fresh.pending = database
        .query((db) => readSnapshot(db, eventId))
        .then((value) => {
          fresh.value = value;
          fresh.at = Date.now();
          return value;
        })
        .finally(() => {
          fresh.pending = undefined;
        });
      entries.set(eventId, fresh);
      return fresh.pending;
    },
  };
}
