// An organisation's API tokens for /api/v1 (issue 45, decision 062); admins only (the guard is in admin.ts):
//   GET    /api/admin/api-tokens      → { tokens: ApiTokenView[] }
//   POST   /api/admin/api-tokens      { name, scopes, expiresAt? } → 201 { id, token, apiToken }: the
//                                     secret is in this answer only; only its SHA-256 is stored
//   DELETE /api/admin/api-tokens/:id  → { apiToken }: revoked at once; another organisation's id is 404
import { Hono } from 'hono';
import { API_TOKEN_MESSAGES, createApiTokenSchema } from '../contract/api-tokens';
import { idParamSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { ApiTokenNotFound, ApiTokenRefusal, createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens';

export const adminApiTokenRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => c.json({ tokens: await db.query((tx) => listApiTokens(tx, organisationOf(c))) }, 200))
    .post('/', validate('json', createApiTokenSchema), async (c) => {
      const input = c.req.valid('json');
      const actor = auditActor(c);
      try {
        const created = await db.transaction((tx) => createApiToken(tx, organisationOf(c), input, actor));
        return c.json(created, 201);
      } catch (error) {
        if (error instanceof ApiTokenRefusal)
          throw new ApiError(400, 'validation_error', error.message, error.field ? { [error.field]: error.message } : undefined);
        throw error;
      }
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      try {
        const apiToken = await db.transaction((tx) => revokeApiToken(tx, organisationOf(c), id, actor));
        return c.json({ apiToken }, 200);
      } catch (error) {
        if (error instanceof ApiTokenNotFound) throw notFound(API_TOKEN_MESSAGES.notFound);
        throw error;
      }
    });
