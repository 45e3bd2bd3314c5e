#!/usr/bin/env node
// DESIGN.md section 7, first load of `/`: JS transferred (gzip), which packages it came from, how
// many copies of React, and LCP, in headless Chromium on loopback. Reports figures; asserts nothing.
//
// Usage: node tests/bench/first-load.mjs (after a build; starts its own API on a temp data folder),
// or BASE_URL=http://127.0.0.1:3000 node tests/bench/first-load.mjs against a running platform.
import { chromium } from '@playwright/test';
import { startApi } from './support.mjs';

const api = process.env.BASE_URL ? null : await startApi({ port: 3903 });
const baseUrl = process.env.BASE_URL ?? api.baseUrl;
const runs = Number(process.env.RUNS ?? 5);
const BUDGET_KB = 250;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

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
  results.push({ lcp, scripts });
  await context.close();
}
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
console.log(`  LCP median ${median.toFixed(0)} ms (min ${lcps[0].toFixed(0)}, max ${lcps.at(-1).toFixed(0)}; budget 1000 ms)`);
