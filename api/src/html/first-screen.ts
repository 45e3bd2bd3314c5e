// The shell's index.html as the API serves it to a page visit: the remote registry, the public
// answers the first screen asks for, and preload hints for the route's remote, all written into the
// page, so the browser fetches the shell, the remote and its data at once instead of one after
// another (index.html → shell → /remotes.json → manifest → remote entry → chunks → /api/events).
// Decision 016 explains what goes in and why.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  DEVANAGARI_FONT_FILES,
  DEVANAGARI_FONT_STYLE_ID,
  FIRST_SCREEN_IDS,
  LANGUAGE_LOCALES,
  devanagariFontFaces,
  firstScreenRequestKey,
  indiaToday,
  localizeEvent,
  organiserDescription,
  organiserSlugOfPath,
  publicRemoteFor,
  usesDevanagari,
  type Language,
  type OrganiserResponse,
  type RemoteEntry,
  type EventResponse,
} from '../contract';
import { pageTitle, serverT } from '../i18n/messages';
import { escapeHtml } from './escape';
import { firstScreenRequests } from './first-screen-data';
import { startAfterFirstPaint } from './start-after-paint';

/** A GET the API answers in-process, as a browser would get it (same route, same body). */
export type InternalGet = (path: string) => Promise<Response>;

export interface FirstScreenOptions {
  shellDist: string;
  /** Holds <remote>/dist for remotes served by this API under /remotes/<name>/. */
  staticRoot: string;
  remotes: () => RemoteEntry[];
  /** Answers the public GETs a page's first screen makes (first-screen-data.ts says which). */
  get: InternalGet;
  /** Where the platform is reached (PUBLIC_URL): a shared link's preview card names its page and picture there. */
  publicOrigin: string;
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * Loads a file once per change of its modification time: a redeploy is seen without a restart.
 * A file that cannot be loaded is undefined until it changes.
 */
function fileCache<T>(load: (file: string) => T) {
  const cache = new Map<string, { mtimeMs: number; value: T | undefined }>();
  return (file: string): T | undefined => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      cache.delete(file);
      return undefined;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.value;
    let value: T | undefined;
    try {
      value = load(file);
    } catch (error) {
      console.error(`[first-screen] ${file} could not be loaded`, error);
      value = undefined;
    }
    cache.set(file, { mtimeMs, value });
    return value;
  };
}

interface ServerRender {
  renderFirstScreen(request: {
    url: string;
    responses: Record<string, unknown>;
    rememberedCity?: string;
    language?: Language;
  }): Promise<{ html: string; styles: string }>;
}

/** A remote's server build (decision 016) beside its browser build: dist/server/render.cjs. */
const SERVER_RENDER_FILE = join('server', 'render.cjs');

const requireModule = createRequire(import.meta.url);
const readText = fileCache((file) => readFileSync(file, 'utf8'));
const readManifest = fileCache((file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest);
const readServerRender = fileCache((file): ServerRender | undefined => {
  // A new build of the remote is a new module, not the one Node has cached.
  delete requireModule.cache[requireModule.resolve(file)];
  const module = requireModule(file) as Partial<ServerRender>;
  return typeof module.renderFirstScreen === 'function' ? (module as ServerRender) : undefined;
});

const LOCAL_REMOTE = /^\/remotes\/([a-z][a-z0-9-]*)\/(.*)$/;

/**
 * The files a remote's `./App` needs before it can render, read from its own build's manifest:
 * the manifest itself (the federation runtime fetches it), its entry and the exposed module's
 * chunks. Only for remotes this API serves; one on another origin is left to the runtime.
 */
function remotePreloads(remote: RemoteEntry, staticRoot: string): { href: string; as: 'fetch' | 'script' | 'style' }[] {
  const local = LOCAL_REMOTE.exec(remote.entry);
  if (!local || !remote.entry.endsWith('mf-manifest.json')) return [];
  const [, name, file] = local;
  const base = remote.entry.slice(0, remote.entry.length - file!.length);
  const manifest = readManifest(join(staticRoot, name!, 'dist', file!));
  if (!manifest) return [];
  const app = manifest.exposes?.find((expose) => expose.path === './App');
  const entryFile = manifest.metaData?.remoteEntry?.name;
  const entryPath = manifest.metaData?.remoteEntry?.path ?? '';
  return [
    { href: remote.entry, as: 'fetch' as const },
    ...(entryFile ? [{ href: `${base}${entryPath}${entryFile}`, as: 'script' as const }] : []),
    ...(app?.assets?.css?.sync ?? []).map((css) => ({ href: `${base}${css}`, as: 'style' as const })),
    ...(app?.assets?.js?.sync ?? []).map((js) => ({ href: `${base}${js}`, as: 'script' as const })),
  ];
}

/** JSON that cannot close its <script> element or open a comment, whatever the data holds. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The remote's server render, when this API serves the remote and its build has one. */
function serverRenderOf(remote: RemoteEntry, staticRoot: string): ServerRender | undefined {
  const local = LOCAL_REMOTE.exec(remote.entry);
  return local ? readServerRender(join(staticRoot, local[1]!, 'dist', SERVER_RENDER_FILE)) : undefined;
}

/**
 * `<html lang>`, the title and, for Hindi and Marathi, the Devanagari font of a public page in
 * `language` (decision 019). The admin console is English. Over a drawn page the font's faces are
 * declared inactive (`media="not all"`) and switched on after the first paint (start-after-paint.ts),
 * so the first paint waits for no font and the device's own Devanagari face draws it; elsewhere
 * both weights are preloaded.
 */
function dressForLanguage(
  html: string,
  language: Language,
  responses: Record<string, unknown>,
  fontAfterFirstPaint: boolean,
  page: URL,
  origin: string,
): string {
  const config = responses[firstScreenRequestKey('/api/config')] as { platformName?: unknown } | undefined;
  const shellTitle = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const platformName = typeof config?.platformName === 'string' && config.platformName ? config.platformName : shellTitle;
  const font = !usesDevanagari(language)
    ? ''
    : fontAfterFirstPaint
      ? `<style id="${DEVANAGARI_FONT_STYLE_ID}" media="not all">${devanagariFontFaces()}</style>`
      : Object.values(DEVANAGARI_FONT_FILES)
          .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${file}">`)
          .join('') + `<style id="${DEVANAGARI_FONT_STYLE_ID}">${devanagariFontFaces()}</style>`;
  const dressed = html.replace(
    /<html(?: lang="[^"]*")?/,
    () => `<html lang="${LANGUAGE_LOCALES[language]}" data-language="${language}"`,
  );
  const own = pageHead(page.pathname, responses, language, platformName, origin);
  if (own) return withHead(dressed, own, font, previewCard(own, new URL(page.pathname, origin).toString(), platformName));
  // An English page keeps the shell's own title (the shell names it from Settings once it runs).
  if (language === DEFAULT_LANGUAGE) return dressed;
  return dressed.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(pageTitle(platformName, language))}</title>${font}`);
}

interface PageHead {
  title: string;
  description: string;
  /** The page's picture for a shared link's preview card (absolute); none: a text card. */
  image?: string;
}

/**
 * A page's own title and meta description, in `language`, when it has them: an organiser's page
 * (decision 054) names the organiser and says what it runs, an event's page the event and where it
 * is, for search results and the card a link shared on WhatsApp shows. The storefront sets the same
 * words once it runs (features/organiser, features/event-detail).
 */
function pageHead(
  pathname: string,
  responses: Record<string, unknown>,
  language: Language,
  platformName: string,
  origin: string,
): PageHead | undefined {
  const t = serverT(language);
  const slug = organiserSlugOfPath(pathname);
  const answer = slug && (responses[firstScreenRequestKey(`/api/organisers/${slug}`)] as OrganiserResponse | undefined);
  if (answer) {
    const name = answer.organiser.displayName;
    return {
      title: t('organiser.title', { name, platformName }),
      description: organiserDescription(answer.organiser.about, t('organiser.description', { name, platformName })),
      image: absoluteUrl(answer.organiser.logoUrl, origin),
    };
  }
  const eventId = /^\/event\/([1-9][0-9]{0,9})$/.exec(pathname)?.[1];
  const event = eventId && (responses[firstScreenRequestKey(`/api/events/${eventId}`)] as EventResponse | undefined)?.event;
  if (event && typeof event.title === 'string') {
    const shown = localizeEvent(event, language);
    const words = { title: shown.title, venue: event.venue, platformName };
    return {
      title: t('event.title', words),
      description: organiserDescription(shown.description, t('event.description', words)),
      image: absoluteUrl(event.imageUrl, origin),
    };
  }
  return undefined;
}

/** A picture's address as a preview card needs it: absolute, on the platform's address. */
function absoluteUrl(path: string | null | undefined, origin: string): string | undefined {
  if (!path) return undefined;
  try {
    return new URL(path, origin).toString();
  } catch {
    return undefined;
  }
}

/** The Open Graph tags of a page (title, description, picture, address) for a shared link's card. */
function previewCard(head: PageHead, url: string, platformName: string): string {
  const tag = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    tag('og:type', 'website'),
    tag('og:site_name', platformName),
    tag('og:title', head.title),
    tag('og:description', head.description),
    tag('og:url', url),
    ...(head.image ? [tag('og:image', head.image)] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
  ].join('');
}

/**
 * The page with `head`'s title and description in place of the shell's (one added if it has none),
 * and the font after the title. The shell's description stays in `data-shell-content`, for the
 * storefront to put back when the visitor goes on to another page.
 */
function withHead(html: string, head: PageHead, font: string, card: string): string {
  const shell = /<meta name="description" content="([^"]*)"[^>]*>/.exec(html);
  const kept = shell ? ` data-shell-content="${shell[1]}"` : '';
  const description = `<meta name="description" content="${escapeHtml(head.description)}"${kept}>${card}`;
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>${font}`);
  return shell
    ? titled.replace(/<meta name="description"[^>]*>/, () => description)
    : titled.replace('</title>', () => `</title>${description}`);
}

/**
 * The page for a visit to `url`: index.html with the registry, preloads and first answers in it,
 * and the first screen drawn, for the city the visitor remembers (their cookie's, checked), in
 * their language (a public page; the console is English).
 */
export async function renderFirstScreen(
  options: FirstScreenOptions,
  url: URL,
  rememberedCity?: string,
  visitorLanguage: Language = DEFAULT_LANGUAGE,
  /** The visit carries no staff session cookie, so the page can say nobody is signed in. */
  withoutSession = false,
): Promise<string | undefined> {
  const shellHtml = readText(join(options.shellDist, 'index.html'));
  if (!shellHtml) return undefined;
  const remotes = options.remotes();
  const remote = publicRemoteFor(remotes, url.pathname);
  const language = remote ? visitorLanguage : DEFAULT_LANGUAGE;
  const preloads = remote ? remotePreloads(remote, options.staticRoot) : [];

  const responses: Record<string, unknown> = {};
  for (const path of remote ? firstScreenRequests(url.pathname, url.searchParams, rememberedCity, withoutSession) : []) {
    try {
      const response = await options.get(path);
      // Only answers worth reusing: an error is left for the page to ask for and report itself.
      if (response.status === 200 && (response.headers.get('Content-Type') ?? '').includes('json')) {
        responses[firstScreenRequestKey(path)] = await response.json();
      }
    } catch {
      // A first screen without its data still works: the page asks for it.
    }
  }

  const hint = ({ href, as }: (typeof preloads)[number]) =>
    as === 'fetch'
      ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`
      : `<link rel="preload" as="${as}" href="${escapeHtml(href)}">`;
  const hints = preloads.map(hint).join('');
  const answers = jsonForScript(responses);
  const data = [
    `<script type="application/json" id="${FIRST_SCREEN_IDS.remotes}">${jsonForScript(remotes)}</script>`,
    ...(Object.keys(responses).length
      ? [`<script type="application/json" id="${FIRST_SCREEN_IDS.responses}">${answers}</script>`]
      : []),
  ].join('');

  const drawn = remote
    ? await drawFirstScreen(
        remote,
        options.staticRoot,
        { url: `${url.pathname}${url.search}`, responses, rememberedCity, language },
        answers,
      )
    : undefined;
  const html = dressForLanguage(shellHtml, language, responses, Boolean(drawn), url, options.publicOrigin);
  // Replacer functions, not strings: a `$'` or `$&` in an event's text or a searched word would
  // otherwise be read as a replacement pattern and splice the page into itself.
  if (!drawn) return html.replace('</head>', () => `${hints}${data}</head>`);
  // Over a drawn page the hints follow it: its images are asked for first, then the scripts, on
  // the six connections an HTTP/1.1 origin gets. The shell's scripts, and the manifest's fetch
  // that only they read, start after the drawn page's first paint (start-after-paint.ts).
  const scriptHints = preloads
    .filter(({ as }) => as !== 'fetch')
    .map(hint)
    .join('');
  const fetches = preloads.filter(({ as }) => as === 'fetch').map(({ href }) => href);
  return startAfterFirstPaint(
    html
      .replace('</head>', () => `${drawn.styles}${data}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root" data-first-screen>${drawn.html}</div>${scriptHints}`),
    {
      fetches,
      ...(usesDevanagari(language) ? { fonts: Object.values(DEVANAGARI_FONT_FILES), styles: [DEVANAGARI_FONT_STYLE_ID] } : {}),
    },
  );
}

type Drawing = { html: string; styles: string };

/**
 * Drawings already made, by what decides one: the page's URL, the visitor's remembered city, the
 * answers the page carries and India's date (a page shows what is open or over today). A visit that changes none of them is served the
 * same drawing without rendering again, which cost 30–40 ms of the server's CPU per visit. Kept per
 * server build, so a redeploy draws afresh; the least recently used go first.
 */
const drawings = new WeakMap<ServerRender, Map<string, Drawing>>();
const DRAWINGS_KEPT = 200;

function rememberedDrawing(render: ServerRender, key: string): Drawing | undefined {
  const kept = drawings.get(render);
  const drawing = kept?.get(key);
  if (drawing) {
    kept!.delete(key);
    kept!.set(key, drawing);
  }
  return drawing;
}

function rememberDrawing(render: ServerRender, key: string, drawing: Drawing) {
  const kept = drawings.get(render) ?? new Map<string, Drawing>();
  drawings.set(render, kept);
  kept.set(key, drawing);
  if (kept.size > DRAWINGS_KEPT) kept.delete(kept.keys().next().value!);
}

/**
 * The remote's first screen, drawn with the answers the page carries (`answers`: them as the page
 * writes them) for the visitor's remembered city; undefined (the page then draws in the browser as before) when the remote has no
 * server build or it fails.
 */
async function drawFirstScreen(
  remote: RemoteEntry,
  staticRoot: string,
  request: Parameters<ServerRender['renderFirstScreen']>[0],
  answers: string,
): Promise<Drawing | undefined> {
  const render = serverRenderOf(remote, staticRoot);
  if (!render) return undefined;
  const { url } = request;
  const key = `${indiaToday()}\n${url}\n${request.rememberedCity ?? ''}\n${request.language ?? ''}\n${answers}`;
  const remembered = rememberedDrawing(render, key);
  if (remembered) return remembered;
  try {
    const { html, styles } = await render.renderFirstScreen(request);
    // Marked as the first screen's, so the browser's styled-components leaves them alone and the
    // shell removes them once the remote's own styles are in (shell first-screen.ts).
    const drawing = { html, styles: styles.replace(/<style data-styled="[^"]*"/g, '<style data-first-screen') };
    rememberDrawing(render, key, drawing);
    return drawing;
  } catch (error) {
    console.error(`[first-screen] ${remote.name} could not draw ${url}`, error);
    return undefined;
  }
}
