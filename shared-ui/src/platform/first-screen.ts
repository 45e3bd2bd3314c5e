// The answers the API wrote into the page it served (api/src/html/first-screen.ts): the first
// screen's public GETs, so a page draws without waiting for them. A query starts from one as its
// initial data (`peekFirstScreenResponse`), only while the page is fresh; every request, a refetch
// included, goes to the network, so nothing is ever answered from the page twice or late.
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

/** The page's answer to GET `url` (same origin), for a query's initial data; undefined when there is none. */
export function peekFirstScreenResponse(url: string): unknown {
  if (!isFresh()) return undefined;
  return pageResponses().get(firstScreenRequestKey(url));
}

/**
 * Sets the page's answers by request key (tests); undefined reads the page again. A server drawing
 * gives its answers through context instead (first-screen-context.tsx).
 */
export function setFirstScreenResponses(answers: Record<string, unknown> | undefined) {
  responses = answers ? new Map(Object.entries(answers)) : undefined;
}
