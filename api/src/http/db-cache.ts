// JSON bodies, serialized, encoded and gzipped once, then reused until the database changes. The
// version is checked on every request, so a write from this connection, another connection or
// another process is seen at once: the cache holds nothing that could go stale, and the API stays
// free to run several instances on one database file.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { Context, TypedResponse } from 'hono';

type Bytes = Uint8Array<ArrayBuffer>;

interface Entry {
  /** Null when compute() found nothing (a 404 to be), remembered like any answer. */
  body: Bytes | null;
  /** Made on first demand: most API clients other than browsers never ask for it. */
  gzipped?: Bytes;
  etag: string;
}

export interface DbCache {
  get(key: string, compute: () => unknown): Entry;
}

const encoder = new TextEncoder();

// List pages (a few KB each) and event pages (about 1 KB) share it: a visitor or a crawler reading
// a thousand event pages does not push the lists out on every few hundred.
export function createDbCache(sqlite: Database.Database, maxEntries = 2048): DbCache {
  // total_changes counts this connection's writes; data_version moves when any other one commits.
  // Two plain statements cost half of one that joins them (the pragma's table-valued form).
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let changes = -1;
  let version = -1;
  const entries = new Map<string, Entry>();

  return {
    get(key, compute) {
      const currentChanges = totalChanges.get() as number;
      const currentVersion = dataVersion.get() as number;
      if (currentChanges !== changes || currentVersion !== version) {
        entries.clear();
        changes = currentChanges;
        version = currentVersion;
      }
      let entry = entries.get(key);
      if (!entry) {
        // Encoding a large string costs more than the query on every request; do it once.
        const value = compute();
        const body = value === undefined ? null : encoder.encode(JSON.stringify(value));
        entry = { body, etag: body ? `"${createHash('sha1').update(body).digest('base64url')}"` : '' };
        // Keys come from query strings, so the map is bounded; a full reset is simpler than LRU.
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, entry);
      }
      return entry;
    },
  };
}

const GZIP_WORTHWHILE = 1024;

/**
 * Answers from the cache, with an ETag so a browser revalidates for free; undefined when compute()
 * found nothing, for the route to answer its 404.
 */
export function cachedJson<T>(c: Context, cache: DbCache, key: string, compute: () => T): TypedResponse<T, 200, 'json'>;
export function cachedJson<T>(
  c: Context,
  cache: DbCache,
  key: string,
  compute: () => T | undefined,
): TypedResponse<T, 200, 'json'> | undefined;
export function cachedJson<T>(c: Context, cache: DbCache, key: string, compute: () => T | undefined) {
  const entry = cache.get(key, compute);
  if (!entry.body) return undefined;
  const headers: Record<string, string> = { ETag: entry.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
  if (c.req.header('If-None-Match') === entry.etag) {
    return c.body(null, 304, headers) as unknown as TypedResponse<T, 200, 'json'>;
  }
  headers['Content-Type'] = 'application/json';
  let body = entry.body;
  if (body.length >= GZIP_WORTHWHILE && /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
    body = entry.gzipped ??= new Uint8Array(gzipSync(entry.body));
    headers['Content-Encoding'] = 'gzip';
  }
  return c.body(body, 200, headers) as unknown as TypedResponse<T, 200, 'json'>;
}
