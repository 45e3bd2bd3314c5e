// Published results, for anyone (issue 43, decision 063): an event's results (race, category,
// search), one runner's result, each with its signed result; and the public key that verifies them,
// at /.well-known/tdk-results-keys.json (mounted by app.ts outside /api).
import { Hono } from 'hono';
import { idParamSchema, resultsQuerySchema, type PublicResultResponse, type PublicResultsResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { notFound } from '../http/errors';
import { validate, validateQuery } from '../http/validate';
import { publicResult, publicResults } from '../services/results';
import { resultSigningKey } from '../signing/result-keys';

export const RESULTS_KEYS_PATH = '/.well-known/tdk-results-keys.json';

/** GET /api/events/:id/results. */
export const eventResultRoutes = ({ db, cache, env }: RouteDeps) =>
  new Hono().get('/:id/results', validate('param', idParamSchema), validateQuery(resultsQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    // Remembered until the next write (a new version, a publication, a withheld result).
    const key = `results:${id}:${query.race ?? ''}:${query.limit}:${query.offset}:${query.category ?? ''}\u0000${query.q?.toLowerCase() ?? ''}`;
    const response = await cachedJson<PublicResultsResponse>(c, cache, key, () =>
      db.query((q) => publicResults(q, env, id, query)),
    );
    if (!response) throw notFound('No results are published for this event');
    return response;
  });

/** GET /api/results/:id. */
export const resultRoutes = ({ db, cache, env }: RouteDeps) =>
  new Hono().get('/:id', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const response = await cachedJson<PublicResultResponse>(c, cache, `result:${id}`, () =>
      db.query((q) => publicResult(q, env, id)),
    );
    if (!response) throw notFound('Result not found');
    return response;
  });

/** The JWKS of the key that signs results; cached a day by anyone. */
export const resultKeysRoutes = ({ env }: Pick<RouteDeps, 'env'>) =>
  new Hono().get(RESULTS_KEYS_PATH, async (c) => {
    const { jwks } = await resultSigningKey(env);
    return c.json(jwks, 200, { 'Cache-Control': 'public, max-age=86400', 'Access-Control-Allow-Origin': '*' });
  });
