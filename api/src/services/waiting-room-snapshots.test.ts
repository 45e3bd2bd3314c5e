// The snapshot every waiting browser reads (decision 032): refreshed at most once per its time, a
// refresh shared, and a recent snapshot answered at once while the next one is read behind it.
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { RoomSnapshot } from './waiting-room';
import { createSnapshotCache, STALE_TURNS } from './waiting-room-snapshots';

const snapshot = (admittedThrough: number): RoomSnapshot => ({
  eventId: 7,
  state: 'open',
  onSaleAt: '2030-01-01T04:30:00.000Z',
  ratePerMinute: 60,
  finishMinutes: 10,
  opened: true,
  admittedThrough,
  lastNumber: 100,
  inLine: 100 - admittedThrough,
  seatsLeft: 50,
});

/** A database whose reads wait until the test answers them, in the order they were asked. */
function heldDatabase() {
  const asked: { resolve: (value: RoomSnapshot) => void; reject: (error: Error) => void }[] = [];
  const database: Pick<Database, 'query'> = {
    query: <T>() =>
      new Promise<T>((resolve, reject) => {
        asked.push({ resolve: resolve as unknown as (value: RoomSnapshot) => void, reject });
      }),
  };
  return { database, asked };
}

const TTL = 250;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('waiting-room snapshots', () => {
  it('waits for the first snapshot once for every read, then answers from it for its time', async () => {
    const { database, asked } = heldDatabase();
    const cache = createSnapshotCache(database, TTL);
    const reads = [cache.get(7, 1_000), cache.get(7, 1_010), cache.get(7, 1_020)];
    expect(asked).toHaveLength(1);
    asked[0]!.resolve(snapshot(10));
    expect((await Promise.all(reads)).map((s) => s?.admittedThrough)).toEqual([10, 10, 10]);
    expect((await cache.get(7, 1_000 + TTL - 1))?.admittedThrough).toBe(10);
    expect(cache.refreshes).toBe(1);
  });

  it('answers a read past its time from the snapshot in hand and refreshes it once behind the reads', async () => {
    const { database, asked } = heldDatabase();
    const cache = createSnapshotCache(database, TTL);
    const first = cache.get(7, 1_000);
    asked[0]!.resolve(snapshot(10));
    await first;
    // Past its time: answered at once with what it had, one refresh started for all of them.
    expect((await cache.get(7, 1_000 + TTL))?.admittedThrough).toBe(10);
    expect((await cache.get(7, 1_000 + TTL + 5))?.admittedThrough).toBe(10);
    expect(asked).toHaveLength(2);
    asked[1]!.resolve(snapshot(20));
    await settle();
    expect((await cache.get(7, 1_000 + TTL + 10))?.admittedThrough).toBe(20);
    expect(cache.refreshes).toBe(2);
  });

  it('makes reads wait once the snapshot is too old, and a failed refresh behind the reads keeps the last one until then', async () => {
    const { database, asked } = heldDatabase();
    const cache = createSnapshotCache(database, TTL);
    const first = cache.get(7, 1_000);
    asked[0]!.resolve(snapshot(10));
    await first;
    expect((await cache.get(7, 1_000 + TTL))?.admittedThrough).toBe(10);
    asked[1]!.reject(new Error('the database is away'));
    await settle();
    // Another refresh starts behind this read (asked[2]) and is still out when the snapshot is too
    // old to answer from: that read waits for it and sees its answer, failure included.
    expect((await cache.get(7, 1_000 + TTL * 2))?.admittedThrough).toBe(10);
    const late = cache.get(7, 1_000 + TTL * STALE_TURNS);
    expect(asked).toHaveLength(3);
    asked[2]!.reject(new Error('the database is away'));
    await expect(late).rejects.toThrow('the database is away');
    const again = cache.get(7, 1_000 + TTL * STALE_TURNS + 1);
    asked[3]!.resolve(snapshot(30));
    expect((await again)?.admittedThrough).toBe(30);
  });

  it('reads every time with a time of 0 (the tests of the queue read the database as it is)', async () => {
    const { database, asked } = heldDatabase();
    const cache = createSnapshotCache(database, 0);
    const first = cache.get(7, 1_000);
    asked[0]!.resolve(snapshot(10));
    await first;
    const second = cache.get(7, 1_000);
    expect(asked).toHaveLength(2);
    asked[1]!.resolve(snapshot(11));
    expect((await second)?.admittedThrough).toBe(11);
  });
});
