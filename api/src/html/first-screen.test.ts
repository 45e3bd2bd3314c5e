import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_IDS, REMEMBERED_CITY_COOKIE } from '../contract';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { anEventInput } from '../testing/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { eq } from 'drizzle-orm';
import { events } from '../db/schema';
import { selfBaseUrl } from '../urls';
import { jsonForScript } from './first-screen';
import { START_AFTER_PAINT_SCRIPT } from './start-after-paint';

let t: TestApp;
const put = (path: string, content: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
};
const html = { Accept: 'text/html,application/xhtml+xml' };
const INDEX =
  '<!doctype html><html><head><meta name="description" content="Find sports events"><title>shell</title><script defer src="/main.11aa22bb.js"></script></head><body><div id="root"></div><link rel="preload" as="script" href="/b.js"></body></html>';
const MANIFEST = {
  id: 'storefront',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './App', assets: { js: { sync: ['984.aa11bb22.js', '__federation_expose_App.cc33dd44.js'] }, css: { sync: [] } } },
  ],
};
// A stand-in for storefront/dist/server/render.cjs: draws what it was given, so a test can see it.
// It numbers its drawings, so a test can tell a drawing made again from one served again.
const RENDER = `let drawings = 0;
exports.renderFirstScreen = async ({ url, responses, rememberedCity, language }) => {
  if (url.startsWith('/event/999')) throw new Error('cannot draw');
  const events = responses['/api/events?city=Mumbai&limit=8']?.events ?? [];
  drawings += 1;
  return { html: '<main><h1>' + url + '</h1><p>' + events.length + ' events</p><p>city ' + (rememberedCity ?? 'none') + '</p><p>drawing ' + drawings + '</p><p>language ' + (language ?? 'none') + '</p></main>', styles: '<style data-styled="true" data-styled-version="6">h1{color:red}</style>' };
};`;
const A_PUNE_EVENT = anEventInput({
  title: 'Pune Hill Run',
  category: 'Running',
  city: 'Pune',
  venue: 'Vetal Hill, Pune',
  status: 'Active',
});
const drawingNumber = (text: string) => /drawing (\d+)/.exec(text)?.[1];

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.app.request(path, { headers: { ...html, ...headers } });
  return { res, text: await res.text() };
};
const dataBlock = (text: string, id: string) => {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(text);
  return match ? (JSON.parse(match[1]!) as unknown) : undefined;
};

beforeAll(async () => {
  t = await createTestApp();
});
// The builds as deployed, afresh for each test: some tests redeploy or remove the server build.
beforeEach(() => {
  const root = t.env.staticRoot;
  put(join(root, 'shell/dist/index.html'), INDEX);
  put(join(root, 'storefront/dist/mf-manifest.json'), JSON.stringify(MANIFEST));
  put(join(root, 'storefront/dist/server/render.cjs'), RENDER);
});
afterAll(() => t.close());

describe('the page served for a public visit (first screen)', () => {
  it('draws the storefront’s first screen into #root with its styles, marked as the first screen’s', async () => {
    const { res, text } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(text).toContain('<div id="root" data-first-screen><main><h1>/</h1>');
    expect(text).toContain('<style data-first-screen data-styled-version="6">h1{color:red}</style>');
    expect(text).not.toContain('data-styled="true"');
  });

  it('carries the registry and the answers the first screen asks for, as the API gives them', async () => {
    const { text } = await page('/');
    expect(dataBlock(text, FIRST_SCREEN_IDS.remotes)).toEqual(await (await t.app.request('/remotes.json')).json());
    const responses = dataBlock(text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(responses).sort()).toEqual(['/api/auth/me', '/api/config', '/api/events?city=Mumbai&limit=8']);
    // Nobody is signed in without a session cookie: the page says so, and the session starts from it.
    expect(responses['/api/auth/me']).toEqual({ user: null, organisation: null, organisations: [], platformRole: null });
    expect(responses['/api/events?city=Mumbai&limit=8']).toEqual(
      await (await t.app.request('/api/events?city=Mumbai&limit=8')).json(),
    );
    // The drawing used those very answers.
    const count = (responses['/api/events?city=Mumbai&limit=8'] as { events: unknown[] }).events.length;
    expect(text).toContain(`<p>${count} events</p>`);
  });

  it('asks what the page’s URL asks: filters of All Events, an event and its tickets', async () => {
    const events = dataBlock((await page('/events?category=Running&city=all&search=run')).text, FIRST_SCREEN_IDS.responses);
    expect(Object.keys(events as object)).toContain('/api/events?category=Running&limit=12&q=run');
    const { events: list } = (await (await t.app.request('/api/events')).json()) as { events: { id: number }[] };
    const id = list[0]!.id;
    const detail = dataBlock((await page(`/event/${id}`)).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(detail).sort()).toEqual(['/api/auth/me', '/api/config', `/api/events/${id}`, `/api/events/${id}/tickets`]);
  });

  it('carries the text of the Terms, Privacy, Refund policy and Contact pages, and nothing more for an unknown page', async () => {
    for (const name of ['terms', 'privacy', 'refunds', 'contact']) {
      const answers = dataBlock((await page(`/${name}`)).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
      expect(Object.keys(answers).sort()).toEqual(['/api/auth/me', '/api/config', `/api/legal/${name}`]);
      expect(answers[`/api/legal/${name}`]).toEqual(await (await t.app.request(`/api/legal/${name}`)).json());
    }
    const unknown = dataBlock((await page('/terms-of-sale')).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(unknown).sort()).toEqual(['/api/auth/me', '/api/config']);
  });

  it('carries the platform terms "Sell tickets" states, and none for the sign-up link\'s page', async () => {
    const sell = dataBlock((await page('/sell')).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(sell).sort()).toEqual(['/api/auth/me', '/api/config', '/api/organisers/signup']);
    expect(sell['/api/organisers/signup']).toEqual(await (await t.app.request('/api/organisers/signup')).json());
    const verify = dataBlock((await page('/signup/verify')).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(verify).sort()).toEqual(['/api/auth/me', '/api/config']);
  });

  it('leaves out an answer that is an error, so the page asks and reports it itself', async () => {
    const detail = dataBlock((await page('/event/123456')).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(detail).sort()).toEqual(['/api/auth/me', '/api/config']);
  });

  it('says nobody is signed in only for a visit without a staff session cookie', async () => {
    const signedIn = await staffCookie(t, 'support');
    const answers = dataBlock((await page('/', { cookie: signedIn })).text, FIRST_SCREEN_IDS.responses) as Record<
      string,
      unknown
    >;
    expect(Object.keys(answers)).not.toContain('/api/auth/me');
    // A cookie that names no session is still a cookie: the page asks, and the API answers.
    const stale = dataBlock((await page('/', { cookie: 'tdk_session=gone' })).text, FIRST_SCREEN_IDS.responses);
    expect(Object.keys(stale as object)).not.toContain('/api/auth/me');
  });

  it('hints the route’s remote after the drawn page, and starts the shell and the manifest’s fetch after the first paint', async () => {
    const { res, text } = await page('/events');
    const root = text.indexOf('<div id="root"');
    const hints = [...text.matchAll(/<link rel="preload" as="(\w+)"(?: crossorigin="anonymous")? href="([^"]+)">/g)].map((m) => [
      m[1],
      m[2],
      m.index! > root,
    ]);
    expect(hints).toEqual([
      ['script', '/remotes/storefront/remoteEntry.js', true],
      ['script', '/remotes/storefront/984.aa11bb22.js', true],
      ['script', '/remotes/storefront/__federation_expose_App.cc33dd44.js', true],
      ['script', '/b.js', true],
    ]);
    // The parser starts no script: the one inline script adds the shell's and fetches the manifest.
    expect(text).not.toContain('<script defer');
    const start = /<script data-scripts="([^"]*)" data-fetches="([^"]*)">([^<]*)<\/script><\/body>/.exec(text);
    expect(start?.slice(1, 3)).toEqual(['/main.11aa22bb.js', '/remotes/storefront/mf-manifest.json']);
    expect(start?.[3]).toBe(START_AFTER_PAINT_SCRIPT);
    // …and the page's CSP allows exactly that script, by its hash.
    const hash = `'sha256-${createHash('sha256').update(start![3]!).digest('base64')}'`;
    expect(res.headers.get('content-security-policy')).toMatch(
      new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')}[;\\s]`),
    );
  });

  it('keeps the parser’s scripts where nothing was drawn', async () => {
    const { text } = await page('/admin');
    expect(text).toContain('<script defer src="/main.11aa22bb.js"></script>');
    expect(text).not.toContain('data-scripts');
  });

  it('draws a page again only when its URL or the answers it carries change', async () => {
    const first = await page('/events?city=Pune');
    expect(drawingNumber((await page('/events?city=Pune')).text)).toBe(drawingNumber(first.text));
    const otherCity = await page('/events?city=Delhi');
    expect(drawingNumber(otherCity.text)).not.toBe(drawingNumber(first.text));

    const cookie = await staffCookie(t, 'admin');
    const created = await t.app.request('/api/admin/events', jsonRequest('POST', A_PUNE_EVENT, cookie));
    expect(created.status).toBe(201);
    const afterChange = await page('/events?city=Pune');
    expect(drawingNumber(afterChange.text)).not.toBe(drawingNumber(first.text));
    expect(dataBlock(afterChange.text, FIRST_SCREEN_IDS.responses)).not.toEqual(
      dataBlock(first.text, FIRST_SCREEN_IDS.responses),
    );
  });

  it('draws the lists for the city the visitor remembers (their cookie), a city on the list only', async () => {
    const visit = async (cookie: string) => (await t.app.request('/', { headers: { ...html, Cookie: cookie } })).text();
    const pune = await visit(`${REMEMBERED_CITY_COOKIE}=Pune`);
    expect(pune).toContain('<p>city Pune</p>');
    expect(Object.keys(dataBlock(pune, FIRST_SCREEN_IDS.responses) as object)).toContain('/api/events?city=Pune&limit=8');

    const everyCity = await visit(`${REMEMBERED_CITY_COOKIE}=all`);
    expect(Object.keys(dataBlock(everyCity, FIRST_SCREEN_IDS.responses) as object)).toContain('/api/events?limit=8');

    for (const cookie of [`${REMEMBERED_CITY_COOKIE}=Atlantis`, `${REMEMBERED_CITY_COOKIE}=%E0%A4%`, 'other=1']) {
      const text = await visit(cookie);
      expect(text, cookie).toContain('<p>city none</p>');
      expect(Object.keys(dataBlock(text, FIRST_SCREEN_IDS.responses) as object), cookie).toContain(
        '/api/events?city=Mumbai&limit=8',
      );
    }
  });

  it('writes text holding replacement patterns ($& $`) into the page as it is', async () => {
    // The stand-in draws the URL as it comes: $& and $` reach the page unencoded.
    const { text } = await page('/events?search=$&$`');
    expect(text).toContain('<h1>/events?search=$&$`</h1>');
    expect(text.match(/<\/head>/g)).toHaveLength(1);
    expect(text.match(/<div id="root"/g)).toHaveLength(1);
  });

  it('serves the admin console and sign-in with the registry, nothing of the storefront', async () => {
    for (const path of ['/admin/tickets', '/admin', '/login', '/login/forgot', '/login/reset']) {
      const { text } = await page(path);
      expect(dataBlock(text, FIRST_SCREEN_IDS.remotes), path).toBeDefined();
      expect(text, path).toContain('<div id="root"></div>');
      expect(text, path).not.toMatch(/<link[^>]+\/remotes\/storefront\//);
      expect(dataBlock(text, FIRST_SCREEN_IDS.responses), path).toBeUndefined();
    }
  });

  it('serves the page without a drawing when the remote cannot draw it', async () => {
    const { res, text } = await page('/event/999');
    expect(res.status).toBe(200);
    expect(text).toContain('<div id="root"></div>');
    expect(dataBlock(text, FIRST_SCREEN_IDS.remotes)).toBeDefined();
  });

  it('loads a redeployed server build without a restart', async () => {
    const file = join(t.env.staticRoot, 'storefront/dist/server/render.cjs');
    put(file, RENDER.replace("'<main><h1>'", '\'<main class="v2"><h1>\''));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await page('/')).text).toContain('<main class="v2"><h1>/</h1>');
  });

  it('never hands out the server build as a file', async () => {
    expect((await t.app.request('/remotes/storefront/server/render.cjs')).status).toBe(404);
  });

  it('draws nothing, and still serves the page, for a remote without a server build', async () => {
    rmSync(join(t.env.staticRoot, 'storefront/dist/server'), { recursive: true });
    const { text } = await page('/events');
    expect(text).toContain('<div id="root"></div>');
    expect(text).toContain('/remotes/storefront/remoteEntry.js');
  });
});

describe('jsonForScript', () => {
  it('cannot close its script element or open a comment, whatever the data says', () => {
    const text = jsonForScript({ title: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });
});

describe('the language of a drawn page (decision 019)', () => {
  beforeAll(() => {
    // The stand-in drawing again (a test above deploys others), seen as a new build.
    const file = join(t.env.staticRoot, 'storefront/dist/server/render.cjs');
    put(file, RENDER);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
  });

  const languageOf = (text: string) => ({
    lang: /<html lang="([^"]*)" data-language="([^"]*)"/.exec(text)?.slice(1),
    drawnIn: /<p>language (\w+)<\/p>/.exec(text)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(text)?.[1],
    font: text.includes("font-family:'TDK Devanagari'"),
    // Over a drawn page the faces are off until the first paint, then on, and their files asked for.
    fontAfterFirstPaint:
      text.includes('<style id="tdk-devanagari-font" media="not all">') &&
      /data-fonts="\/fonts\/[^" ]+-400-normal\.woff2 \/fonts\/[^" ]+-700-normal\.woff2" data-styles="tdk-devanagari-font"/.test(
        text,
      ) &&
      !text.includes('rel="preload" as="font"'),
  });

  it('draws in English, with no Devanagari font, for a visitor who asks for nothing', async () => {
    const drawn = languageOf((await page('/')).text);
    expect(drawn).toEqual({ lang: ['en-IN', 'en'], drawnIn: 'en', title: 'shell', font: false, fontAfterFirstPaint: false });
  });

  it('follows ?lang=, then the cookie, then Accept-Language', async () => {
    expect(languageOf((await page('/events?lang=hi', { cookie: 'tdk_lang=mr' })).text)).toMatchObject({
      lang: ['hi-IN', 'hi'],
      drawnIn: 'hi',
      font: true,
      fontAfterFirstPaint: true,
    });
    expect(languageOf((await page('/', { cookie: 'tdk_lang=mr', 'accept-language': 'hi' })).text)).toMatchObject({
      lang: ['mr-IN', 'mr'],
      drawnIn: 'mr',
    });
    expect(languageOf((await page('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).text).drawnIn).toBe('hi');
  });

  it('preloads the Devanagari faces, switched on at once, where nothing was drawn', async () => {
    const { text } = await page('/event/999?lang=hi');
    expect(text).toContain('<div id="root"></div>');
    expect(text).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/fonts/');
    expect(text).toContain('<style id="tdk-devanagari-font">@font-face');
    expect(languageOf(text)).toMatchObject({ lang: ['hi-IN', 'hi'], font: true, fontAfterFirstPaint: false });
  });

  it('remembers a language the URL names, with the page, and nothing else', async () => {
    const chosen = await page('/events?lang=mr');
    expect(chosen.res.headers.get('set-cookie')).toMatch(/^tdk_lang=mr; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect((await page('/events?lang=xx')).res.headers.get('set-cookie')).toBeNull();
    expect((await page('/events', { cookie: 'tdk_lang=hi' })).res.headers.get('set-cookie')).toBeNull();
  });

  it('names the page in the language, with the platform name from Settings', async () => {
    expect(languageOf((await page('/?lang=hi')).text).title).toBe('TDK Sports · खेल इवेंट के टिकट');
    expect(languageOf((await page('/?lang=mr')).text).title).toBe('TDK Sports · क्रीडा कार्यक्रमांची तिकिटे');
  });

  it('reads anything it cannot use as English, without an error', async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie: 'tdk_lang=klingon' },
      { cookie: 'tdk_lang=%E0%A4' },
      { 'accept-language': '*' },
      { 'accept-language': `hi,${'x'.repeat(296)}` },
    ]) {
      const { res, text } = await page('/?lang=zz', headers);
      expect(res.status).toBe(200);
      expect(languageOf(text)).toMatchObject({ lang: ['en-IN', 'en'], drawnIn: 'en', font: false });
    }
  });

  it('keeps the admin console English whatever the visitor prefers', async () => {
    const { text } = await page('/admin?lang=hi', { 'accept-language': 'hi' });
    expect(languageOf(text)).toMatchObject({ lang: ['en-IN', 'en'], font: false });
  });
});

describe('an organiser’s page, /o/:slug (decision 054)', () => {
  const headOf = (text: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(text)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(text)?.[1],
  });

  it('carries the organiser’s answer as the API gives it, and draws with it', async () => {
    const { text } = await page('/o/mumbai-road-runners');
    const answers = dataBlock(text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/me', '/api/config', '/api/organisers/mumbai-road-runners']);
    expect(answers['/api/organisers/mumbai-road-runners']).toEqual(
      await (await t.app.request('/api/organisers/mumbai-road-runners')).json(),
    );
    expect(text).toContain('<div id="root" data-first-screen><main><h1>/o/mumbai-road-runners</h1>');
  });

  it('names the organiser in the title and describes it by its about text, in the page’s language', async () => {
    expect(headOf((await page('/o/mumbai-road-runners')).text)).toEqual({
      title: 'Events by Mumbai Road Runners · TDK Sports',
      description:
        'Organisers of road races, cyclothons and community sport across India since 2012: timed courses, medical cover every kilometre and results the same evening.',
    });
    // The shell's own description is kept for the pages the visitor goes on to.
    expect((await page('/o/mumbai-road-runners')).text).toContain('data-shell-content="Find sports events"');
    expect(headOf((await page('/o/mumbai-road-runners?lang=hi')).text).title).toBe('Mumbai Road Runners के इवेंट · TDK Sports');
    expect(headOf((await page('/o/mumbai-road-runners?lang=mr')).text).title).toBe(
      'Mumbai Road Runners यांचे कार्यक्रम · TDK Sports',
    );
  });

  it('carries no answer for an applied or unknown organiser: the page says it is not found itself', async () => {
    for (const slug of ['pune-trail-collective', 'no-such-club']) {
      const { res, text } = await page(`/o/${slug}`);
      expect(res.status).toBe(200);
      const answers = dataBlock(text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
      expect(Object.keys(answers).sort()).toEqual(['/api/auth/me', '/api/config']);
      expect(headOf(text)).toEqual({ title: 'shell', description: 'Find sports events' });
    }
  });

  it('asks nothing for a path that is no organiser’s page', async () => {
    for (const path of ['/o/', '/o/a/b', '/o/%3Cscript%3E']) {
      const answers = dataBlock((await page(path)).text, FIRST_SCREEN_IDS.responses) as Record<string, unknown>;
      expect(Object.keys(answers).sort()).toEqual(['/api/auth/me', '/api/config']);
    }
  });
});

describe('the card a shared link shows (Open Graph)', () => {
  const cardOf = (text: string) =>
    Object.fromEntries(
      [...text.matchAll(/<meta (?:property|name)="((?:og|twitter):[a-z_:]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
  const titleOf = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1];

  it('names an event, says what it is and shows its picture, at the platform’s address, in the page’s language', async () => {
    const cookie = await staffCookie(t, 'admin');
    const created = await t.app.request(
      '/api/admin/events',
      jsonRequest(
        'POST',
        { ...A_PUNE_EVENT, title: 'Sinhagad Fort Trail 25K', description: 'A <steep> climb & a fast descent.' },
        cookie,
      ),
    );
    expect(created.status).toBe(201);
    const {
      event: { id },
    } = (await created.json()) as { event: { id: number } };
    const origin = selfBaseUrl(t.env);

    const english = await page(`/event/${id}?register=true`);
    expect(titleOf(english.text)).toBe('Sinhagad Fort Trail 25K · TDK Sports');
    expect(cardOf(english.text)).toEqual({
      'og:type': 'website',
      'og:site_name': 'TDK Sports',
      'og:title': 'Sinhagad Fort Trail 25K · TDK Sports',
      'og:description': 'A &lt;steep&gt; climb &amp; a fast descent.',
      'og:url': `${origin}/event/${id}`,
      'twitter:card': 'summary',
    });
    expect(english.text).toContain(
      '<meta name="description" content="A &lt;steep&gt; climb &amp; a fast descent." data-shell-content="Find sports events">',
    );

    // With a picture the card is large, the picture's address absolute.
    await t.db.query((db) => db.update(events).set({ imageUrl: '/uploads/events/trail.png' }).where(eq(events.id, id)));
    const card = cardOf((await page(`/event/${id}?lang=hi`)).text);
    expect(card['og:image']).toBe(`${origin}/uploads/events/trail.png`);
    expect(card['twitter:card']).toBe('summary_large_image');
    expect(cardOf((await page(`/event/${id}?lang=mr`)).text)['og:title']).toBe('Sinhagad Fort Trail 25K · TDK Sports');
  });

  it('names an organiser on its page; a page without its own words has no card', async () => {
    expect(cardOf((await page('/o/mumbai-road-runners')).text)['og:title']).toBe('Events by Mumbai Road Runners · TDK Sports');
    expect(cardOf((await page('/events')).text)).toEqual({});
    expect(cardOf((await page('/event/999999')).text)).toEqual({});
  });
});
