// Published results, for anyone (issue 43, decision 063): an event's results (race, category,
// search), one runner's result, each with its signed result; and the public key that verifies them,
// at /.well-known/tdk-results-keys.json (mounted by app.ts outside /api).
import { Hono } from 'hono';
import {
  idParamSchema,
  LANGUAGE_QUERY,
  parseLanguage,
  resultsQuerySchema,
  type PublicResultResponse,
  type PublicResultsResponse,
} from '../contract';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { ApiError, notFound } from '../http/errors';
import { pdfResponse } from '../http/pdf-response';
import { validate, validateQuery } from '../http/validate';
import { certificatePdf } from '../services/certificate-pdf';
import { certificateFacts, publicResult, publicResults } from '../services/results';
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

/** GET /api/results/:id and the finisher's certificate, GET /api/results/:id/certificate.pdf?lang= (decision 070). */
export const resultRoutes = ({ db, cache, env }: RouteDeps) =>
  new Hono()
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const response = await cachedJson<PublicResultResponse>(c, cache, `result:${id}`, () =>
        db.query((q) => publicResult(q, env, id)),
      );
      if (!response) throw notFound('Result not found');
      return response;
    })
    .get('/:id/certificate.pdf', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const facts = await db.query((q) => certificateFacts(q, env, id, parseLanguage(c.req.query(LANGUAGE_QUERY))));
      if (!facts) throw notFound('Result not found');
      if (facts === 'not_finisher')
        throw new ApiError(409, 'conflict', 'Only a finisher has a certificate: this result is not a finish.');
      return pdfResponse(await certificatePdf(facts), `certificate-${facts.result.bib}`);
    });

/** The JWKS of the key that signs results; cached a day by anyone. */
export const resultKeysRoutes = ({ env }: Pick<RouteDeps, 'env'>) =>
  new Hono().get(RESULTS_KEYS_PATH, async (c) => {
    const { jwks } = await resultSigningKey(env);
    return c.json(jwks, 200, { 'Cache-Control': 'public, max-age=86400', 'Access-Control-Allow-Origin': '*' });
  });
