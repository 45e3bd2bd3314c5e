// The app's router (decision 041): Hono's TrieRouter, which is what Hono's default SmartRouter ends
// up using for this app (its RegExpRouter refuses routes such as /api/admin/events/options beside
// /api/admin/events/:id), with each path's match remembered. Walking the trie of some 270 routes
// cost a cached public read about a tenth of its time; a remembered match is one Map lookup. A
// match depends only on the method and the path, and Hono only reads it. The map is bounded (paths
// come from requests): full, it starts again, simpler than an LRU and as good for a hot set.
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #router = new TrieRouter<T>();
  readonly #matches = new Map<string, Result<T>>();

  constructor(private readonly maxEntries = 4096) {}

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= this.maxEntries) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}
