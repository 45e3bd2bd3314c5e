// Static files: each remote's build under /remotes/<name>/, uploads, and the shell with an SPA
// fallback so deep links such as /admin/events or /event/3 load the app.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_QUERY,
  REMEMBERED_CITY_COOKIE,
  cityChoiceFromCookie,
  parseImageVariantUrl,
  parseLanguage,
  resolveLanguage,
  type RemoteEntry,
} from './contract';
import { renderFirstScreen, type InternalGet } from './html/first-screen';
import { SESSION_COOKIE } from './http/auth';
import { compressedPage } from './http/page-encoding';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Files whose names never change between deploys must be revalidated, or a redeploy goes unseen.
const ENTRY_FILES = new Set(['mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'index.html']);
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

function cacheControlFor(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1);
  if (!file || ENTRY_FILES.has(file)) return NO_CACHE;
  return HASHED_NAME.test(file) ? IMMUTABLE : NO_CACHE;
}

/**
 * A file named by its content is never revalidated (`immutable`), so it needs no validator: its
 * `Last-Modified` is bytes on every script of every page (issue 26's first-load budget). A file
 * whose name stays the same keeps it, for a 304 on revalidation.
 */
function withoutValidatorIfImmutable(file: Response | undefined): Response | undefined {
  if (file?.headers.get('Cache-Control') === IMMUTABLE) file.headers.delete('Last-Modified');
  return file;
}

const noop = async () => {};

type ServeStaticOptions = Parameters<typeof serveStatic>[0];

/**
 * serveStatic, created once its root exists: the frontends may be built after the API starts,
 * and serveStatic complains on every construction over a missing root.
 */
function lazyServeStatic(root: string, options: ServeStaticOptions) {
  let handler: ReturnType<typeof serveStatic> | undefined;
  return async (c: Context) => {
    if (!handler) {
      if (!existsSync(root)) return undefined;
      handler = serveStatic(options);
    }
    return (await handler(c, noop)) as Response | undefined;
  };
}

const acceptsHtml = (c: Context) => (c.req.header('Accept') ?? '').includes('text/html');
const isFile = (path: string) => /\/[^/]+\.[a-z0-9]+$/i.test(path) && !path.endsWith('/index.html');
/** A browser opening a page (a deep link included), not a file of the shell's build. */
const isPageVisit = (c: Context) => acceptsHtml(c) && !isFile(c.req.path);

const SHELL_NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Frontend not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The frontend is not built yet</h1>
<p>The API is running, but <code>shell/dist</code> does not exist. Run <code>npm start</code> from the
repository root to build and serve the whole platform.</p>
</body></html>`;

export interface StaticOptions {
  /** Holds shell/dist and <remote>/dist. */
  staticRoot: string;
  uploadsDir: string;
  /** The registry the page carries (the one GET /remotes.json answers). */
  remotes: () => RemoteEntry[];
  /** Answers a public GET in-process, for the first screen's data written into the page. */
  get: InternalGet;
  /** Where the platform is reached (PUBLIC_URL), for a shared link's preview card. */
  publicOrigin: string;
}

export function staticRoutes({ staticRoot, uploadsDir, remotes, get, publicOrigin }: StaticOptions) {
  const shellDist = join(staticRoot, 'shell', 'dist');
  const shellIndex = join(shellDist, 'index.html');

  const remoteFiles = lazyServeStatic(staticRoot, {
    root: staticRoot,
    precompressed: true,
    // /remotes/storefront/x.js → <root>/storefront/dist/x.js; the name is checked by the route.
    rewriteRequestPath: (path) => path.replace(/^\/remotes\/([^/]+)\//, '/$1/dist/'),
  });
  const uploadFiles = lazyServeStatic(uploadsDir, {
    root: uploadsDir,
    rewriteRequestPath: (path) => path.replace(/^\/uploads/, ''),
  });
  const shellFiles = lazyServeStatic(shellDist, { root: shellDist, precompressed: true });
  const firstScreen = { shellDist, staticRoot, remotes, get, publicOrigin };
  const page = async (c: Context) => {
    const rememberedCity = cityChoiceFromCookie(getCookie(c, REMEMBERED_CITY_COOKIE));
    // The visitor's language (decision 019): the URL's, the remembered one, the browser's, English.
    const language = resolveLanguage({
      query: c.req.query(LANGUAGE_QUERY),
      cookie: getCookie(c, LANGUAGE_COOKIE),
      acceptLanguage: c.req.header('Accept-Language'),
    });
    // A link with `?lang=` (a shared one, or the language switcher tapped before the page's scripts
    // ran) is the visitor's choice from now on, as the switcher's own cookie would say: written
    // with the page, so a next page the server draws is in it too.
    const chosen = parseLanguage(c.req.query(LANGUAGE_QUERY));
    if (chosen) setCookie(c, LANGUAGE_COOKIE, chosen, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'Lax' });
    const withoutSession = !getCookie(c, SESSION_COOKIE);
    const html = await renderFirstScreen(firstScreen, new URL(c.req.url), rememberedCity, language, withoutSession);
    return html === undefined ? undefined : compressedPage(c, html, { 'Cache-Control': NO_CACHE });
  };

  return new Hono()
    .get('/remotes/:name/*', async (c) => {
      // Remotes may be loaded by a shell on another origin (a CDN, a dev server).
      c.header('Access-Control-Allow-Origin', '*');
      if (!/^[a-z][a-z0-9-]*$/.test(c.req.param('name'))) return c.text('Not Found', 404);
      // A remote's server build is the API's to run, not a file to hand out.
      if (c.req.path.startsWith(`/remotes/${c.req.param('name')}/server/`)) return c.text('Not Found', 404);
      c.header('Cache-Control', cacheControlFor(c.req.path));
      return withoutValidatorIfImmutable(await remoteFiles(c)) ?? c.text('Not Found', 404, { 'Cache-Control': NO_CACHE });
    })
    .get('/uploads/*', async (c) => {
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('X-Content-Type-Options', 'nosniff');
      // An uploaded file opened on its own must not run anything, whatever it turns out to be.
      c.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      const file = await uploadFiles(c);
      if (file) return file;
      // A narrower copy that was never made (an image uploaded before copies existed, or a GIF):
      // the image itself, so a card's srcset never shows a broken picture.
      const variant = parseImageVariantUrl(c.req.path);
      if (variant) {
        const original = (await serveStatic({ path: join(uploadsDir, basename(variant.original)) })(c, noop)) as
          Response | undefined;
        if (original) return original;
      }
      return c.text('Not Found', 404, { 'Cache-Control': NO_CACHE });
    })
    .get('*', async (c) => {
      if (!existsSync(shellIndex)) {
        return c.html(SHELL_NOT_BUILT, 503, { 'Cache-Control': 'no-store', 'Retry-After': '30' });
      }
      if (isPageVisit(c)) {
        const visit = await page(c);
        if (visit) return visit;
      }
      c.header('Cache-Control', cacheControlFor(c.req.path));
      const file = withoutValidatorIfImmutable(await shellFiles(c));
      if (file) return file;
      // A browser asking for HTML at a path that looked like a file (not already answered above).
      if (acceptsHtml(c) && !isPageVisit(c)) {
        const visit = await page(c);
        if (visit) return visit;
      }
      return c.text('Not Found', 404, { 'Cache-Control': NO_CACHE });
    });
}
