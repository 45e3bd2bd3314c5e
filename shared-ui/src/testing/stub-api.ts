/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The API's error shape (DESIGN.md section 3) as a Response. */
export function errorResponse(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return jsonResponse({ error: fields ? { code, message, fields } : { code, message } }, status);
}

/** One request the stub answered, as a test would assert it. */
export interface StubbedRequest {
  method: string;
  /** The path without the query string, e.g. '/api/admin/users/4'. */
  path: string;
  query: URLSearchParams;
  /** The request's headers (a link's token travels in one, decision 043). */
  headers: Headers;
  /** The parsed JSON body, when there was one. */
  body: unknown;
  params: Record<string, string>;
  /** The request's abort signal: `aborted` once the query cache cancelled it. */
  signal: AbortSignal | undefined;
}

/** What a handler returns: a body to send as JSON 200, a ready Response, or a promise of either. */
export type StubAnswer = unknown;
export type StubHandler = (request: StubbedRequest) => StubAnswer | Promise<StubAnswer>;

/** `'GET /api/admin/users'` or `'PATCH /api/admin/users/:id'` → handler, or a fixed body. */
export type StubRoutes = Record<string, StubHandler | Exclude<StubAnswer, (...args: never[]) => unknown>>;

export interface StubbedApi {
  /** Pass as PlatformProvider's `apiFetch` (renderWithPlatform does). */
  fetch: typeof fetch;
  /** Every request answered so far, in order. */
  requests: StubbedRequest[];
  /** The requests to one method and path pattern. */
  calls: (route: string) => StubbedRequest[];
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]!);
    else if (segment !== got[i]) return null;
  }
  return params;
}

async function bodyOf(input: RequestInfo | URL, init: RequestInit | undefined): Promise<unknown> {
  const raw = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
  if (typeof raw !== 'string' || raw === '') return raw ?? undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * A stand-in for the API at the `fetch` level, so the typed client, callApi and the query cache
 * all run for real. A route with no handler answers 404 in the API's error shape, naming itself.
 *
 *   const api = stubApi({
 *     'GET /api/admin/users': { users: [alice] },
 *     'POST /api/admin/users': () => errorResponse(400, 'validation_error', 'Email is taken', { email: 'Email is taken' }),
 *   });
 */
export function stubApi(routes: StubRoutes = {}): StubbedApi {
  const requests: StubbedRequest[] = [];
  const table = Object.entries(routes).map(([route, handler]) => {
    const [method, pattern] = route.split(' ') as [string, string];
    return { route, method: method.toUpperCase(), pattern, handler };
  });

  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://platform.test');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    for (const entry of table) {
      if (entry.method !== method) continue;
      const params = matchPath(entry.pattern, url.pathname);
      if (!params) continue;
      const request: StubbedRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
        body: await bodyOf(input, init),
        params,
        signal: init?.signal ?? undefined,
      };
      requests.push(request);
      const answer = typeof entry.handler === 'function' ? await (entry.handler as StubHandler)(request) : entry.handler;
      if (answer instanceof Response) return answer;
      return answer === undefined ? new Response(null, { status: 204 }) : jsonResponse(answer);
    }
    requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      body: await bodyOf(input, init),
      params: {},
      signal: init?.signal ?? undefined,
    });
    return errorResponse(404, 'not_found', `No stub for ${method} ${url.pathname}`);
  };

  return {
    fetch: fetchStub as typeof fetch,
    requests,
    calls: (route) => {
      const [method, pattern] = route.split(' ') as [string, string];
      return requests.filter((r) => r.method === method.toUpperCase() && matchPath(pattern, r.path));
    },
  };
}
