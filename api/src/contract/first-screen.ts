// What the API writes into the page it serves (api/src/html/first-screen.ts) and the frontends
// read from it: the ids of the two JSON data blocks, and the one way to name a request in them.

export const FIRST_SCREEN_IDS = {
  /** The remote registry, as GET /remotes.json answers it. */
  remotes: 'tdk-remotes',
  /** Public GET answers by request key, as the API would answer them. */
  responses: 'tdk-responses',
} as const;

/** '/api/events?q=a b&city=Pune' and '/api/events?city=Pune&q=a+b' name one request. */
export function firstScreenRequestKey(url: string): string {
  const parsed = new URL(url, 'http://first-screen.invalid');
  parsed.searchParams.sort();
  const search = parsed.searchParams.toString();
  return search ? `${parsed.pathname}?${search}` : parsed.pathname;
}
