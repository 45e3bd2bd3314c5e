// The bearer-token guard of /api/v1 (issue 45, decision 062), ahead of every v1 route:
//   - `Authorization: Bearer <token>`; none, or one that is unknown, revoked or expired: 401
//     'unauthorized' in DESIGN.md's error shape (the three are not told apart);
//   - one transaction per call counts the call against the token's per-minute limit in the
//     database's rate_limits (shared by every instance), marks the token used (time and address)
//     and writes the call to the audit log as the token; over the limit: 429 with Retry-After;
//   - every answer carries RateLimit-Policy and RateLimit (IETF draft-ietf-httpapi-ratelimit-headers);
//   - c.var.apiToken holds the token; organisationOf(c) (http/auth.ts) then answers its
//     organisation, so the tenancy guards (http/tenancy.ts ownedParam) and the scoped queries of
//     db/tenancy.ts work for a token as they do for a member's session.
// requireScope(scope) refuses a token without the scope with 403 'forbidden'.
import type { Context, MiddlewareHandler } from 'hono';
import { V1_MESSAGES } from '../contract/api-v1';
import type { ApiTokenScope } from '../contract/api-tokens';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { markApiTokenUsed, principalOfToken, type ApiTokenPrincipal } from '../services/api-tokens';
import { recordAudit } from '../services/audit';
import { countHit } from '../services/checkout-limits';
import { clientIp } from './auth';
import { ApiError } from './errors';

declare module 'hono' {
  interface ContextVariableMap {
    /** The API token a /api/v1 call came with, set by apiTokenGuard(). */
    apiToken: ApiTokenPrincipal;
  }
}

const WINDOW_MS = 60_000;

/** Who acts for recordAudit, when a token does: no staff account, the token named by its prefix. */
export function tokenActor(c: Context) {
  const token = c.get('apiToken');
  return {
    organisationId: token.organisationId,
    actorUserId: null,
    actorEmail: `api-token:${token.prefix}`,
    ip: clientIp(c, c.get('auth').env),
  };
}

export const apiTokenGuard =
  ({ db, env }: { db: Database; env: Pick<Env, 'apiRateLimitPerMinute'> }): MiddlewareHandler =>
  async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new ApiError(401, 'unauthorized', V1_MESSAGES.missingToken);
    const principal = await db.query((q) => principalOfToken(q, match[1]!));
    if (!principal) throw new ApiError(401, 'unauthorized', V1_MESSAGES.badToken);
    c.set('apiToken', principal);
    const limit = env.apiRateLimitPerMinute;
    const now = new Date();
    const ip = clientIp(c, c.get('auth').env);
    const counted = await db.transaction(async (tx) => {
      const counted = await countHit(tx, `api-token:${principal.id}`, WINDOW_MS, now);
      if (counted.hits > limit) return counted;
      await markApiTokenUsed(tx, principal.id, ip, now);
      await recordAudit(tx, {
        ...tokenActor(c),
        action: 'api_call',
        entity: 'api_token',
        entityId: principal.id,
        detail: { method: c.req.method, path: c.req.path },
      });
      return counted;
    });
    const reset = Math.max(1, Math.ceil((Date.parse(counted.resetAt) - now.getTime()) / 1000));
    const headers = {
      'RateLimit-Policy': `"token";q=${limit};w=${WINDOW_MS / 1000}`,
      RateLimit: `"token";r=${Math.max(0, limit - counted.hits)};t=${reset}`,
    };
    if (counted.hits > limit) {
      const error = new ApiError(429, 'rate_limited', V1_MESSAGES.rateLimited(reset));
      for (const [name, value] of Object.entries({ ...headers, 'Retry-After': String(reset) })) c.header(name, value);
      throw error;
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };

/** 403 'forbidden' for a token without the scope. */
export const requireScope =
  (scope: ApiTokenScope): MiddlewareHandler =>
  async (c, next) => {
    if (!c.get('apiToken').scopes.includes(scope)) throw new ApiError(403, 'forbidden', V1_MESSAGES.missingScope(scope));
    await next();
  };
