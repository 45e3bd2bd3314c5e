// The answers the API wrote into the page it served (api/src/html/first-screen.ts): the first
// screen's public GETs, so a page draws without waiting for them. Each is used once, and only
// while the page is fresh: a later visit to the same list asks the network as before.
import { FIRST_SCREEN_IDS, firstScreenRequestKey } from '@tdk/api/contract';

/** Past this, an answer written into the page is too old to stand in for a request. */
const FRESH_FOR_MS = 30_000;

let responses: Map<string, unknown> | undefined;

function pageResponses(): Map<string, unknown> {
  if (responses) return responses;
  responses = new Map();
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_IDS.responses);
  if (!block?.textContent) return responses;
  try {
    const parsed: unknown = JSON.parse(block.textContent);
    if (parsed && typeof parsed === 'object') for (const [key, value] of Object.entries(parsed)) responses.set(key, value);
  } catch {
    // A page without usable answers asks the network, as it would without them.
  }
  return responses;
}

// On the server (the API drawing a first screen) the answers are the request's own, always fresh.
const isFresh = () => typeof document === 'undefined' || performance.now() < FRESH_FOR_MS;

/** The page's answer to GET `url` (same origin), without using it up; undefined when there is none. */
export function peekFirstScreenResponse(url: string): unknown {
  if (!isFresh()) return undefined;
  return pageResponses().get(firstScreenRequestKey(url));
}

function takeFirstScreenResponse(url: string): unknown {
  const key = firstScreenRequestKey(url);
  const answers = pageResponses();
  const body = isFresh() ? answers.get(key) : undefined;
  answers.delete(key);
  return body;
}

const sameOriginPath = (input: RequestInfo | URL): string | undefined => {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (typeof location === 'undefined') return raw.startsWith('/') ? raw : undefined;
  const url = new URL(raw, location.href);
  return url.origin === location.origin ? `${url.pathname}${url.search}` : undefined;
};

/** `fetch`, answering a GET the page already holds the answer to from the page. */
export function withFirstScreenResponses(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = method === 'GET' ? sameOriginPath(input) : undefined;
    const body = path === undefined ? undefined : takeFirstScreenResponse(path);
    if (body === undefined) return fetchImpl(input, init);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  };
}

/**
 * Sets the answers by request key: the API's drawing of a first screen (a synchronous render
 * between this call and the next), and tests; undefined reads the page again.
 */
export function setFirstScreenResponses(answers: Record<string, unknown> | undefined) {
  responses = answers ? new Map(Object.entries(answers)) : undefined;
}
