// The platform's offline cache (docs/decisions/011-gate-check-in-offline.md). A section that must
// reload with no network (the gate check-in screen) registers this worker with a scope of its own
// route, so no other page is ever controlled by it. Network first: online, every GET goes to the
// network as if the worker were not there and the answer is kept; offline, the kept answer is
// served. It is served from the platform's origin (a worker must be same-origin with its page),
// whatever origin the section's remote is deployed to, and it stays this small on purpose: one
// policy, no precache manifest, nothing to build.
const CACHE = 'tdk-offline-v1';
// The shell's index.html serves every route: one copy answers any navigation offline.
const SHELL_PAGE = '/__tdk-offline-shell__';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const cacheable = (response) => response.ok && (response.type === 'basic' || response.type === 'cors');

async function keep(cache, request, response) {
  if (!cacheable(response)) return;
  await cache.put(request, response.clone());
  if (request.mode === 'navigate' || request.headers.get('Accept')?.includes('text/html')) {
    await cache.put(SHELL_PAGE, response.clone());
  }
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    await keep(cache, request, response);
    return response;
  } catch (error) {
    const kept =
      (await cache.match(request, { ignoreVary: true })) ?? (request.mode === 'navigate' && (await cache.match(SHELL_PAGE)));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !/^https?:/.test(request.url)) return;
  // A conditional request (If-None-Match) is the page asking the server itself; a 304 is not kept.
  if (request.headers.has('If-None-Match')) return;
  event.respondWith(networkFirst(request));
});

// The page names what it loaded before this worker controlled it (its HTML, the shell, the remote's
// chunks, the session): kept now, so the first reload with no network already works.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep-for-offline' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          event.data.urls.map(async ({ url, html }) => {
            try {
              const request = new Request(url, {
                credentials: new URL(url).origin === self.location.origin ? 'same-origin' : 'omit',
                mode: new URL(url).origin === self.location.origin ? 'same-origin' : 'cors',
                headers: html ? { Accept: 'text/html' } : {},
              });
              await keep(cache, request, await fetch(request));
            } catch {
              // Not reachable now: the next visit online keeps it.
            }
          }),
        ),
      )
      .then(() => event.ports[0]?.postMessage({ type: 'kept-for-offline' })),
  );
});
