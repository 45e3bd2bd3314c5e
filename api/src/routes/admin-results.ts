// An event's results for staff (issue 43, decision 063): import a timing file (a dry run first),
// publish the latest version, withhold one result. Managers (routes/admin.ts); the event is the
// acting organisation's (its tenancy guard on /events/:id/*).
import { Hono } from 'hono';
import {
  adminResultsQuerySchema,
  idParamSchema,
  importQuerySchema,
  resultParamSchema,
  withholdResultSchema,
  type AdminResultsResponse,
  type ResultsImportResponse,
} from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError, errorBody } from '../http/errors';
import { validate, validateQuery } from '../http/validate';
import {
  adminResults,
  importResults,
  publishResults,
  ResultsFileRefused,
  ResultsRefused,
  withholdResult,
} from '../services/results';

const REFUSALS = {
  not_found: [404, 'not_found'],
  nothing_to_publish: [409, 'conflict'],
  invalid: [400, 'validation_error'],
} as const;

function refusal(error: unknown): never {
  if (error instanceof ResultsRefused) {
    const [status, code] = REFUSALS[error.reason];
    throw new ApiError(status, code, error.message, error.fields);
  }
  throw error;
}

const actorOf = (c: Parameters<typeof auditActor>[0]) => {
  const { actorUserId, actorEmail, ip } = auditActor(c);
  return { actorUserId, actorEmail, ip };
};

export const adminResultRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/:id/results', validate('param', idParamSchema), validateQuery(adminResultsQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { q } = c.req.valid('query');
      return c.json((await db.query((tx) => adminResults(tx, id, q))) satisfies AdminResultsResponse, 200);
    })
    // The file as text/csv (DESIGN.md section 3, "race day"): ?dryRun=true reads it and says every
    // bad row; without, a file with no bad row is saved as the next version (400 and nothing saved otherwise).
    .post('/:id/results/import', validate('param', idParamSchema), validateQuery(importQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const dryRun = c.req.valid('query').dryRun === 'true';
      const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (type !== 'text/csv') throw new ApiError(415, 'unsupported_media_type', 'Send the results file as text/csv.');
      const text = await c.req.text();
      const actor = actorOf(c);
      try {
        const answer = await db.transaction((tx) => importResults(tx, { eventId: id, text, dryRun, actor }));
        return c.json(answer satisfies ResultsImportResponse, dryRun ? 200 : 201);
      } catch (error) {
        if (error instanceof ResultsFileRefused) {
          return c.json({ ...errorBody('validation_error', error.message), ...error.answer }, 400);
        }
        refusal(error);
      }
    })
    .post('/:id/results/publish', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = actorOf(c);
      const version = await db.transaction((tx) => publishResults(tx, id, actor).catch(refusal));
      return c.json({ version }, 200);
    })
    .post(
      '/:id/results/:resultId/withhold',
      validate('param', resultParamSchema),
      validate('json', withholdResultSchema),
      async (c) => {
        const { id, resultId } = c.req.valid('param');
        const input = c.req.valid('json');
        const actor = actorOf(c);
        const result = await db.transaction((tx) =>
          withholdResult(tx, { eventId: id, resultId, ...input, actor }).catch(refusal),
        );
        return c.json({ result }, 200);
      },
    );
