import { Hono } from 'hono';
import { isLegalPage, type LegalPageResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { notFound } from '../http/errors';
import { legalPage } from '../services/legal';

// GET /api/legal/:page (terms, privacy, refunds, contact) → LegalPageResponse: asked for only by
// those pages, so the config every page loads stays small; read once per database change.
export const legalRoutes = ({ db, cache }: RouteDeps) =>
  new Hono().get('/:page', async (c) => {
    const page = c.req.param('page');
    if (!isLegalPage(page)) throw notFound('No such page');
    return cachedJson<LegalPageResponse>(c, cache, `legal:${page}`, () => db.query((q) => legalPage(q, page)));
  });
