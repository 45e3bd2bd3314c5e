import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { platformConfig } from '../services/config';

// Every public page asks for it (and carries it, html/first-screen.ts): read from the settings once
// per database change, not per visit.
export const configRoutes = ({ db, provider, cache }: RouteDeps) =>
  new Hono().get('/', (c) => cachedJson(c, cache, 'config', () => db.query((q) => platformConfig(q, provider.browser.config))));
