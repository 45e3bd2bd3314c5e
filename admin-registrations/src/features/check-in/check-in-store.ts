// What a gate device keeps in IndexedDB (issue 11): each prepared event's check-in list with its
// ETag, and the queue of scans judged offline until the server has them. It survives a reload with
// no network and a closed browser; nothing here is trusted by the server, which judges again.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckInListEntry, CheckInListResponse } from '@tdk/api/contract';

export interface StoredList extends CheckInListResponse {
  etag: string | null;
}

export interface QueuedScan {
  id?: number;
  eventId: number;
  code: string;
  scannedAt: string;
  gate: string;
  /** `generatedAt` of the list the scan was judged with: the server refuses scans older than it. */
  listedAt: string;
  /** 'chosen' for an attendee staff admitted from a typed booking's list (a manual admission). */
  entry?: 'scan' | 'chosen';
  /** The check-in list it admits to (decision 065); absent: entry. */
  list?: string;
}

interface CheckInDb extends DBSchema {
  lists: { key: number; value: StoredList };
  queue: { key: number; value: QueuedScan; indexes: { byEvent: number } };
}

const DB_NAME = 'tdk-check-in';
let opening: Promise<IDBPDatabase<CheckInDb>> | undefined;

function db() {
  opening ??= openDB<CheckInDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('lists', { keyPath: 'eventId' });
      database.createObjectStore('queue', { keyPath: 'id', autoIncrement: true }).createIndex('byEvent', 'eventId');
    },
    // Another tab upgrading or deleting the database waits for this connection: close it, and the
    // next read opens a fresh one.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opening = undefined;
    },
  });
  return opening;
}

export async function saveList(list: StoredList): Promise<void> {
  await (await db()).put('lists', list);
}

export async function loadList(eventId: number): Promise<StoredList | undefined> {
  return (await db()).get('lists', eventId);
}

/**
 * Replaces entries of a stored list, matched by code (tickets this device admitted, or the
 * server's answers after a sync): one read and one write of the list, however many change.
 */
export async function updateEntries(eventId: number, changed: readonly CheckInListEntry[]): Promise<void> {
  if (changed.length === 0) return;
  const byCode = new Map(changed.map((entry) => [entry.code, entry]));
  const tx = (await db()).transaction('lists', 'readwrite');
  const list = await tx.store.get(eventId);
  if (list) {
    list.entries = list.entries.map((each) => byCode.get(each.code) ?? each);
    await tx.store.put(list);
  }
  await tx.done;
}

export async function enqueueScan(scan: QueuedScan): Promise<void> {
  await (await db()).add('queue', scan);
}

export async function queuedScans(): Promise<QueuedScan[]> {
  return (await db()).getAll('queue');
}

export async function removeScans(ids: number[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
