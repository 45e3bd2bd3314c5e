// JSON bodies, serialized, encoded and gzipped once, then reused until the database changes. The
// change counter (db/change-counter.ts) is read on every request, so a write from this instance or
// any other is seen at once: the cache holds nothing that could go stale, and the API stays free to
// run several instances on one database.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context, TypedResponse } from 'hono';
import type { Database } from '../db/client';
import { changeCounter } from '../db/change-counter';
import { requestHeader } from './request-header';
import { completeSecurityHeaders } from './security-headers';

type Bytes = Uint8Array<ArrayBuffer>;

interface Entry {
  /** Null when compute() found nothing (a 404 to be), remembered like any answer. */
  body: Bytes | null;
  /** Made on first demand: most API clients other than browsers never ask for it. */
  gzipped?: Bytes;
  etag: string;
}

export interface DbCache {
  get(key: string, compute: () => Promise<unknown>): Promise<Entry>;
}

const encoder = new TextEncoder();

function encode(value: unknown): Entry {
  const body = value === undefined ? null : encoder.encode(JSON.stringify(value));
  return { body, etag: body ? `"${createHash('sha1').update(body).digest('base64url')}"` : '' };
}

// List pages (a few KB each) and event pages (about 1 KB) share it: a visitor or a crawler reading
// a thousand event pages does not push the lists out on every few hundred.
export function createDbCache(database: Database, maxEntries = 2048): DbCache {
  const counter = changeCounter(database);
  let version = '';
  const entries = new Map<string, Entry>();

  return {
    async get(key, compute) {
      // Read before computing: an answer computed after a change is at worst dropped at the next
      // request, never kept under the version before it.
      const current = await counter.current();
      if (current !== version) {
        entries.clear();
        version = current;
      }
      let entry = entries.get(key);
      if (!entry) {
        // Encoding a large string costs more than the query on every request; do it once.
        const value = await compute();
        if (version !== current) return encode(value);
        entry = encode(value);
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
export async function cachedJson<T>(
  c: Context,
  cache: DbCache,
  key: string,
  compute: () => Promise<T>,
): Promise<TypedResponse<T, 200, 'json'>>;
export async function cachedJson<T>(
  c: Context,
  cache: DbCache,
  key: string,
  compute: () => Promise<T | undefined>,
): Promise<TypedResponse<T, 200, 'json'> | undefined>;
export async function cachedJson<T>(c: Context, cache: DbCache, key: string, compute: () => Promise<T | undefined>) {
  const entry = await cache.get(key, compute);
  if (!entry.body) return undefined;
  // Behind securityHeaders() (every app request), the answer is written with all its headers at
  // once, as a plain object: no fetch Headers object is built for the request or the answer. (So a
  // header set with c.header() before this is not on it: none of its routes sets one.)
  const security = c.get('securityHeaders');
  const headers: Record<string, string> = security ? security(c) : {};
  headers.ETag = entry.etag;
  headers['Cache-Control'] = 'no-cache';
  headers.Vary = 'Accept-Encoding';
  const answer = (body: Bytes | null, status: 200 | 304) =>
    (security
      ? completeSecurityHeaders(new Response(body, { status, headers }))
      : body === null
        ? c.body(null, status, headers)
        : c.body(body, status as 200, headers)) as unknown as TypedResponse<T, 200, 'json'>;
  if (requestHeader(c, 'if-none-match') === entry.etag) return answer(null, 304);
  headers['Content-Type'] = 'application/json';
  let body = entry.body;
  if (body.length >= GZIP_WORTHWHILE && /\bgzip\b/.test(requestHeader(c, 'accept-encoding') ?? '')) {
    body = entry.gzipped ??= new Uint8Array(gzipSync(entry.body));
    headers['Content-Encoding'] = 'gzip';
  }
  return answer(body, 200);
}
