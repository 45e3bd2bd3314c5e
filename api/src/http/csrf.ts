// Cross-site request forgery defence for /api (DESIGN.md section 6), ahead of every API route.
//
// A state-changing request (POST, PUT, PATCH, DELETE), checked in this order:
//   1. must come from this origin: its Origin header (or, when absent, Referer) must equal the
//      request's own origin (scheme from X-Forwarded-Proto or the URL, host from Host) or
//      PUBLIC_URL's origin, else 403 'cross_origin'. Origin 'null' (sandboxed frames, some
//      redirects) is cross-origin.
//      With neither header the request did not come from a page a browser is showing: every
//      browser sends Origin on non-GET fetches and form posts. Such a request (curl, a server
//      calling the API) is allowed only when Sec-Fetch-Site is absent (not a browser) or
//      'same-origin'/'none' (the browser itself says it is not cross-site); a browser saying
//      'cross-site' or 'same-site' without Origin is refused. Those callers are no CSRF risk:
//      a CSRF attack needs the victim's browser, which always sends one of the three headers.
//   2. with a body must say Content-Type: application/json (multipart/form-data only for
//      /api/admin/uploads/images, text/csv only for a results or chips import), else 415 'unsupported_media_type'. A plain HTML form or a
//      "simple" cross-site fetch can only send text/plain, urlencoded or multipart, so JSON forces
//      a CORS preflight that a foreign site cannot pass. A request with no body at all (the shared
//      client's DELETE, a bodiless logout) carries nothing to check.
// Exempt: POST /api/cashfree/webhook (the payment provider calls it server to server and it is
// authenticated by its signature). /emulator/* is outside /api and not guarded here.
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { ApiError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXEMPT = new Set(['POST /api/cashfree/webhook']);
const MULTIPART_PATHS = new Set(['/api/admin/uploads/images']);
/**
 * A results file (decision 063) and a chips file (decision 068) are sent as text/csv: not a type a
 * form or a simple request can send, so it too needs a preflight.
 */
export const isCsvImportPath = (path: string) => /^\/api\/admin\/events\/\d+\/(results\/import|chips)$/.test(path);

export const CROSS_ORIGIN_MESSAGE = 'Cross-site requests are not allowed.';

function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (c.req.header('transfer-encoding')) return true;
  if (length !== undefined) return Number(length) > 0;
  // app.request() and some clients omit Content-Length; a declared type means a body is meant.
  return Boolean(c.req.header('content-type'));
}

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins this request may come from: its own (as the browser sees it) and PUBLIC_URL's. */
export function ownOrigins(c: Context, env: Pick<Env, 'publicUrl'>): Set<string> {
  const url = new URL(c.req.url);
  const origins = new Set<string>([url.origin]);
  const host = c.req.header('host') ?? url.host;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  for (const scheme of [url.protocol.replace(':', ''), proto]) {
    if (scheme === 'http' || scheme === 'https') {
      const origin = originOf(`${scheme}://${host}`);
      if (origin) origins.add(origin);
    }
  }
  const publicOrigin = originOf(env.publicUrl);
  if (publicOrigin) origins.add(publicOrigin);
  return origins;
}

export function csrfGuard(env: Pick<Env, 'publicUrl'>): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    if (!STATE_CHANGING.has(method) || EXEMPT.has(`${method} ${c.req.path}`)) return next();

    const origin = c.req.header('origin');
    const referer = c.req.header('referer');
    if (origin !== undefined || referer !== undefined) {
      const claimed = origin !== undefined ? originOf(origin) : originOf(referer);
      if (!claimed || !ownOrigins(c, env).has(claimed)) throw new ApiError(403, 'cross_origin', CROSS_ORIGIN_MESSAGE);
    } else {
      const site = c.req.header('sec-fetch-site')?.toLowerCase();
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new ApiError(403, 'cross_origin', CROSS_ORIGIN_MESSAGE);
      }
    }

    if (hasBody(c)) {
      const type = mediaType(c);
      const allowed =
        type === 'application/json' ||
        (type === 'multipart/form-data' && MULTIPART_PATHS.has(c.req.path)) ||
        (type === 'text/csv' && isCsvImportPath(c.req.path));
      if (!allowed) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
      }
    }
    return next();
  };
}
