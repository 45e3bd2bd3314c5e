import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, type TestApp } from './testing/test-app';

const put = (path: string, content: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
};

const html = { Accept: 'text/html,application/xhtml+xml' };

describe('static serving before the frontend is built', () => {
  // An app of its own: the next describe builds a frontend in its static root.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it('answers a plain 503 page that says what to do', async () => {
    const res = await t.app.request('/', { headers: html });
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).toContain('The frontend is not built yet');
    expect(text).toContain('npm start');
  });

  it('still serves the API', async () => {
    expect((await t.app.request('/api/health')).status).toBe(200);
  });
});

describe('static serving of the shell and remotes', () => {
  let t: TestApp;
  const root = () => t.env.staticRoot;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    put(join(root(), 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
    put(join(root(), 'shell/dist/main.3f9a2c1b7d.js'), 'console.log("shell")');
    put(join(root(), 'storefront/dist/mf-manifest.json'), '{"id":"storefront"}');
    put(join(root(), 'storefront/dist/remoteEntry.js'), 'var storefront;');
    put(join(root(), 'storefront/dist/static/js/app.0a1b2c3d4e.js'), 'export {}');
    put(join(root(), 'shell/dist/fonts.5e6f7a8b9c.css'), 'body{}');
    put(join(root(), 'shell/dist/offline-sw.js'), 'self.addEventListener("fetch", () => {})');
    put(join(t.env.dataDir, 'uploads/poster-1.png'), 'png');
  });
  afterAll(() => t.close());

  it('serves the shell index at / without long caching', async () => {
    const res = await t.app.request('/', { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>shell</title>');
  });

  it('falls back to the shell for deep links that accept HTML', async () => {
    for (const path of ['/admin/events', '/event/3', '/events?category=football']) {
      const res = await t.app.request(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>shell</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('compresses a page with Brotli when the browser accepts it, else gzip, else not at all', async () => {
    const plain = await (await t.app.request('/', { headers: html })).text();
    const asked = async (acceptEncoding: string) => {
      const res = await t.app.request('/', { headers: { ...html, 'Accept-Encoding': acceptEncoding } });
      const body = Buffer.from(await res.arrayBuffer());
      return { encoding: res.headers.get('content-encoding'), vary: res.headers.get('vary'), body };
    };
    const br = await asked('gzip, deflate, br, zstd');
    expect(br).toMatchObject({ encoding: 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain);
    const gz = await asked('gzip, deflate');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(plain);
    // br refused by its weight: gzip.
    expect((await asked('br;q=0, gzip')).encoding).toBe('gzip');
    const identity = await asked('identity');
    expect(identity.encoding).toBeNull();
    expect(identity.body.toString('utf8')).toBe(plain);
  });

  it('404s a missing asset instead of answering HTML', async () => {
    const res = await t.app.request('/missing.js', { headers: { Accept: '*/*' } });
    expect(res.status).toBe(404);
  });

  it('caches hashed shell assets for a long time, with no validator (never revalidated)', async () => {
    const res = await t.app.request('/main.3f9a2c1b7d.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('last-modified')).toBeNull();
    const chunk = await t.app.request('/remotes/storefront/static/js/app.0a1b2c3d4e.js');
    expect(chunk.headers.get('last-modified')).toBeNull();
    // A file whose name stays across deploys keeps it, for a 304.
    const entry = await t.app.request('/remotes/storefront/remoteEntry.js');
    expect(entry.headers.get('last-modified')).toMatch(/GMT$/);
    expect((await t.app.request('/offline-sw.js')).headers.get('last-modified')).toMatch(/GMT$/);
  });

  it('serves a remote’s build with CORS, revalidating its entry files', async () => {
    const manifest = await t.app.request('/remotes/storefront/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('content-type')).toContain('application/json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ id: 'storefront' });

    const entry = await t.app.request('/remotes/storefront/remoteEntry.js');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-type')).toContain('javascript');

    const chunk = await t.app.request('/remotes/storefront/static/js/app.0a1b2c3d4e.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
  });

  it('404s missing remote files with no SPA fallback and no long caching', async () => {
    const res = await t.app.request('/remotes/storefront/nope.js', { headers: html });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await t.app.request('/remotes/admin-events/mf-manifest.json')).status).toBe(404);
  });

  it('does not let a path escape the static root', async () => {
    for (const path of ['/remotes/storefront/%2e%2e/%2e%2e/api/package.json', '/remotes/..%2fshell/dist/index.html']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('serves uploads from DATA_DIR/uploads', async () => {
    const res = await t.app.request('/uploads/poster-1.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await t.app.request('/uploads/poster-2.png')).status).toBe(404);
  });

  it("keeps an upload's own sandboxed policy, not the site's looser one for pages", async () => {
    const res = await t.app.request('/uploads/poster-1.png');
    const policy = res.headers.get('content-security-policy');
    expect(policy).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(policy).not.toMatch(/script-src/);
    // Every other response still gets the site's policy.
    expect((await t.app.request('/api/config')).headers.get('content-security-policy')).toMatch(/script-src/);
  });

  describe('headers only a document or a worker reads (decision 034)', () => {
    const DOCUMENT_ONLY = ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy'];
    const as = (destination: string) => ({ 'Sec-Fetch-Dest': destination });

    it("are left off a page's scripts and styles; what every response needs stays", async () => {
      for (const [path, destination] of [
        ['/main.3f9a2c1b7d.js', 'script'],
        ['/remotes/storefront/remoteEntry.js', 'script'],
        ['/remotes/storefront/static/js/app.0a1b2c3d4e.js', 'script'],
        ['/fonts.5e6f7a8b9c.css', 'style'],
      ]) {
        const res = await t.app.request(path, { headers: as(destination) });
        expect(res.status, path).toBe(200);
        for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), `${path} ${name}`).toBeNull();
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(res.headers.get('cache-control'), path).toMatch(/immutable|no-cache/);
        expect(res.headers.get('vary'), path).toContain('Sec-Fetch-Dest');
      }
      const chunk = await t.app.request('/remotes/storefront/static/js/app.0a1b2c3d4e.js', { headers: as('script') });
      expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('stay on a script fetched as a worker, opened on its own, or by a browser that does not say', async () => {
      for (const headers of [as('serviceworker'), as('worker'), as('sharedworker'), as('document'), {}]) {
        for (const path of ['/offline-sw.js', '/main.3f9a2c1b7d.js']) {
          const res = await t.app.request(path, { headers });
          expect(res.status, path).toBe(200);
          expect(res.headers.get('content-security-policy'), `${path} ${JSON.stringify(headers)}`).toContain(
            "default-src 'self'",
          );
          expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
          expect(res.headers.get('permissions-policy')).toBe('geolocation=(self), camera=(self), microphone=()');
          expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
          expect(res.headers.get('vary')).toContain('Sec-Fetch-Dest');
        }
      }
    });

    it('stay on pages, API answers and uploads, whatever the request says it is for', async () => {
      for (const [path, headers] of [
        ['/', { ...html, ...as('document') }],
        ['/event/3', { ...html, ...as('iframe') }],
        ['/api/config', as('empty')],
        ['/api/config', as('script')],
        ['/remotes/storefront/mf-manifest.json', as('empty')],
        ['/uploads/poster-1.png', as('image')],
        ['/uploads/poster-1.png', as('script')],
      ] as const) {
        const res = await t.app.request(path, { headers });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-security-policy'), path).toMatch(/default-src/);
        expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
        expect(res.headers.get('permissions-policy'), path).toBe('geolocation=(self), camera=(self), microphone=()');
        expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('vary') ?? '', path).not.toContain('Sec-Fetch-Dest');
      }
      // An upload keeps its own sandboxed policy.
      const upload = await t.app.request('/uploads/poster-1.png', { headers: as('script') });
      expect(upload.headers.get('content-security-policy')).toContain('sandbox');
    });
  });

  it('keeps unknown API paths as JSON 404s, not the shell', async () => {
    const res = await t.app.request('/api/xyz', { headers: html });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API path: GET /api/xyz' } });
  });
});

describe('uploads in shared storage', () => {
  it('serves them from UPLOADS_DIR when it is set', async () => {
    const shared = tempDir('tdk-uploads-');
    const t = await createTestApp({ UPLOADS_DIR: shared }, { seed: false });
    try {
      put(join(shared, 'poster-9.png'), 'png');
      put(join(t.env.dataDir, 'uploads/poster-8.png'), 'png');
      const res = await t.app.request('/uploads/poster-9.png');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect((await t.app.request('/uploads/poster-8.png')).status).toBe(404);
    } finally {
      await t.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
