#!/usr/bin/env node
// DESIGN.md section 7, first load of `/`: JS transferred (gzip), which packages it came from, how
// many copies of React, and LCP, in headless Chromium on loopback. Reports figures; asserts nothing.
//
// Usage: node tests/bench/first-load.mjs (after a build; starts its own API on a temp data folder),
// or BASE_URL=http://127.0.0.1:3000 node tests/bench/first-load.mjs against a running platform.
import { chromium } from '@playwright/test';
import { BUDGETS, LANGUAGES_MEASURED, inLanguage } from './budgets.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, record, startApi } from './support.mjs';

const ADMIN = { email: 'bench-admin@tdksports.in', password: 'bench-admin-password-1' };
const api = process.env.BASE_URL
  ? null
  : await startApi({ port: 3903, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const baseUrl = process.env.BASE_URL ?? api.baseUrl;
const runs = Number(process.env.RUNS ?? 5);
const BUDGET_KB = BUDGETS.firstLoadJsKb;
const LCP_BUDGET_MS = BUDGETS.firstLoadLcpMs;

// A stand-in for React DevTools' hook: every copy of react-dom on the page registers with it, so
// the number of renderers is the number of Reacts loaded.
const countReacts = () => {
  const renderers = new Map();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject: (renderer) => renderers.set(renderers.size + 1, renderer).size,
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    checkDCE() {},
  };
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

const results = [];
for (let run = 0; run < runs; run += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    scripts.push({
      url: response.url(),
      transferred: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  });
  await page.addInitScript(countReacts);
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Popular Events' }).waitFor();
  // LCP is final once the page has been interacted with or hidden; a click on the body settles it.
  await page.mouse.click(1, 1);
  const lcp = await page.evaluate(() => window.__lcp);
  const reacts = await page.evaluate(() => window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
  results.push({ lcp, scripts, reacts });
  await context.close();
}

// Every public page in each language (issue 26): its JavaScript as sent, and for English, that it
// fetched no Devanagari font and no other language's catalogue.
const { events } = await (await fetch(`${baseUrl}/api/events`)).json();
const pageRows = [];
for (const [name, route] of [
  ['/', '/'],
  ['/events', '/events'],
  ['/event/:id', `/event/${events[0].id}`],
  ['/o/:slug', `/o/${events[0].organiser.slug}`],
  ['/sell', '/sell'],
  ['/event/:id/results', `/event/${events[0].id}/results`],
]) {
  for (const language of LANGUAGES_MEASURED) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = [];
    const foreign = [];
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (/\.woff2?$/.test(path) || /i18n-[\w-]+-(hi|mr)\./.test(path)) foreign.push(path);
      if (response.request().resourceType() !== 'script') return;
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      sent.push(sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0);
    });
    await page.goto(`${baseUrl}${inLanguage(route, language)}`, { waitUntil: 'networkidle' });
    await context.close();
    const kb = sent.reduce((sum, n) => sum + n, 0) / 1024;
    const label = `First load of ${name} in ${language}`;
    console.log(
      `  ${label}: ${kb.toFixed(1)} KB of JavaScript${foreign.length ? `; fonts and catalogues: ${foreign.join(', ')}` : ''}`,
    );
    pageRows.push({
      figure: `${label}: JavaScript as sent`,
      budget: `≤ ${BUDGET_KB} KB`,
      measured: `${kb.toFixed(1)} KB`,
      pass: kb <= BUDGET_KB,
    });
    if (language === 'en') {
      pageRows.push({
        figure: `${label}: Devanagari font or another language's catalogue fetched`,
        budget: 'none',
        measured: foreign.join(', ') || 'none',
        pass: foreign.length === 0,
      });
    }
  }
}

// An admin section visited after the dashboard: which remotes' files it fetched.
const remotesOf = (urls) => [
  ...new Set(urls.map((url) => new URL(url).pathname.match(/^\/remotes\/([^/]+)\//)?.[1]).filter(Boolean)),
];
const admin = await browser.newContext();
const adminPage = await admin.newPage();
await adminPage.request.post(`${baseUrl}/api/auth/login`, {
  headers: { 'Content-Type': 'application/json', Origin: baseUrl },
  data: ADMIN,
});
await adminPage.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
const sectionFiles = [];
adminPage.on('request', (request) => sectionFiles.push(request.url()));
await adminPage.goto(`${baseUrl}/admin/tickets`, { waitUntil: 'networkidle' });
await adminPage.getByRole('heading', { name: 'Tickets Management' }).waitFor();
const sectionRemotes = remotesOf(sectionFiles.filter((url) => /\.js$|mf-manifest/.test(url)));
await admin.close();
await browser.close();
api?.stop();

const last = results.at(-1);
const totalKb = last.scripts.reduce((sum, s) => sum + s.transferred, 0) / 1024;
const byOrigin = {};
for (const script of last.scripts) {
  const owner = new URL(script.url).pathname.match(/^\/remotes\/([^/]+)\//)?.[1] ?? 'shell';
  byOrigin[owner] = (byOrigin[owner] ?? 0) + script.transferred / 1024;
}
const lcps = results.map((r) => r.lcp).sort((a, b) => a - b);
const median = lcps[Math.floor(lcps.length / 2)];

console.log(`first load of ${baseUrl}/ over ${runs} runs`);
console.log(
  `  JS transferred: ${totalKb.toFixed(1)} KB in ${last.scripts.length} files (budget ${BUDGET_KB} KB) → ${(totalKb / BUDGET_KB).toFixed(2)} of budget`,
);
for (const [owner, kb] of Object.entries(byOrigin)) console.log(`    ${owner.padEnd(20)} ${kb.toFixed(1)} KB`);
console.log(`  encodings: ${[...new Set(last.scripts.map((s) => s.encoding))].join(', ')}`);
if (process.env.VERBOSE)
  for (const s of last.scripts)
    console.log(`    ${(s.transferred / 1024).toFixed(1).padStart(6)} KB ${s.encoding.padEnd(8)} ${new URL(s.url).pathname}`);
console.log(
  `  LCP median ${median.toFixed(0)} ms (min ${lcps[0].toFixed(0)}, max ${lcps.at(-1).toFixed(0)}; budget ${LCP_BUDGET_MS} ms)`,
);
const reacts = Math.max(...results.map((r) => r.reacts));
console.log(`  copies of React on the page: ${reacts}`);
console.log(`  visiting /admin/tickets fetched files of: ${sectionRemotes.join(', ') || 'no remote'}`);
record('first-load', [
  {
    figure: 'First load of /: JavaScript as sent',
    budget: `≤ ${BUDGET_KB} KB`,
    measured: `${totalKb.toFixed(1)} KB`,
    pass: totalKb <= BUDGET_KB,
  },
  {
    figure: 'First load of /: LCP on loopback (median)',
    budget: `< ${LCP_BUDGET_MS} ms`,
    measured: `${median.toFixed(0)} ms of ${runs} runs`,
    pass: median < LCP_BUDGET_MS,
  },
  { figure: 'First load of /: copies of React', budget: '1', measured: String(reacts), pass: reacts === 1 },
  {
    figure: 'Visiting /admin/tickets: remotes fetched',
    budget: 'admin-tickets only',
    measured: sectionRemotes.join(', ') || 'none',
    pass: sectionRemotes.length === 1 && sectionRemotes[0] === 'admin-tickets',
  },
  ...pageRows,
]);
