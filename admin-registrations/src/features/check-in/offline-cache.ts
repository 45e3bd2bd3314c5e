// Makes the check-in screen reload with no network (decision 011): the platform's offline worker,
// scoped to this route only, keeps what the screen loaded. The worker is served by the platform
// from its own origin; this remote may be deployed anywhere else.
const WORKER_URL = '/offline-sw.js';

/** The route the worker controls: pages under it reload from the kept copies when offline. */
export const OFFLINE_SCOPE = `${__BASE_PATH__.replace(/\/$/, '')}/check-in`;

/** Everything this page loaded so far that a reload needs: scripts, manifests, session, config. */
function loadedUrls(): { url: string; html?: boolean }[] {
  const seen = new Set<string>();
  const urls: { url: string; html?: boolean }[] = [{ url: location.href, html: true }];
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (!/^https?:$/.test(url.protocol) || seen.has(url.href)) continue;
    // The list lives in IndexedDB with its ETag, and scans are never replayed from a cache.
    if (url.pathname.startsWith('/api/admin/registrations/check-in') || url.pathname.startsWith('/api/auth/log')) continue;
    if (url.pathname.startsWith('/emulator/')) continue;
    seen.add(url.href);
    urls.push({ url: url.href });
  }
  return urls;
}

function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.active) return Promise.resolve(registration.active);
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker);
      if (worker.state === 'redundant') resolve(null);
    });
  });
}

/**
 * Registers the worker (once per browser) and hands it what the page already loaded, resolving
 * true when all of it is kept; false where there are no service workers (an insecure origin).
 */
export async function keepScreenForOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const worker = await activated(await navigator.serviceWorker.register(WORKER_URL, { scope: OFFLINE_SCOPE }));
  if (!worker) return false;
  const reply = new MessageChannel();
  return new Promise((resolve) => {
    reply.port1.onmessage = () => resolve(true);
    worker.postMessage({ type: 'keep-for-offline', urls: loadedUrls() }, [reply.port2]);
  });
}
