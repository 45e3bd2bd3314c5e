#!/usr/bin/env node
// DESIGN.md section 7: Lighthouse 12 on the public pages (home, events, an event, an organiser's page, sign-up), the default mobile profile
// (simulated slow 4G, 4x slower CPU) and the desktop preset, in Debian's Chromium, in English and
// in Hindi (issue 26). Medians of RUNS (default 5) runs per page, language and profile; figures
// against the budgets of budgets.mjs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { BUDGETS, LANGUAGES_MEASURED, inLanguage } from './budgets.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, median, record, startApi } from './support.mjs';

const runs = Number(process.env.RUNS ?? 5);
const api = process.env.BASE_URL ? null : await startApi({ port: 3904 });
const baseUrl = process.env.BASE_URL ?? api.baseUrl;
const { events } = await (await fetch(`${baseUrl}/api/events`)).json();
const pages = [
  ['/', '/'],
  ['/events', '/events'],
  ['/event/:id', `/event/${events[0].id}`],
  // An organiser's page (decision 054) and the sign-up page (decision 053), public as the three above.
  ['/o/:slug', `/o/${events[0].organiser.slug}`],
  ['/sell', '/sell'],
].flatMap(([name, route]) =>
  LANGUAGES_MEASURED.map((language) => [language === 'en' ? name : `${name} (${language})`, inLanguage(route, language)]),
);
const budget = BUDGETS.lighthouseMobile;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const rows = [];
try {
  for (const [name, route] of pages) {
    for (const profile of ['mobile', 'desktop']) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const { lhr } = await lighthouse(
          `${baseUrl}${route}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          profile === 'desktop' ? desktopConfig : undefined,
        );
        samples.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          failing: Object.values(lhr.audits)
            .filter((audit) => audit.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id))
            .map((audit) => audit.id),
        });
      }
      const performance = median(samples.map((s) => s.performance));
      const accessibility = median(samples.map((s) => s.accessibility));
      const lcp = median(samples.map((s) => s.lcp));
      const cls = median(samples.map((s) => s.cls));
      const failing = [...new Set(samples.flatMap((s) => s.failing))];
      console.log(
        `${name.padEnd(11)} ${profile.padEnd(8)} performance ${performance}  LCP ${(lcp / 1000).toFixed(2)} s  CLS ${cls.toFixed(3)}  accessibility ${accessibility}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`,
      );
      const label = `Lighthouse ${profile} ${name}`;
      if (profile === 'mobile') {
        rows.push(
          {
            figure: `${label}: performance`,
            budget: `≥ ${budget.performance}`,
            measured: String(performance),
            pass: performance >= budget.performance,
          },
          {
            figure: `${label}: LCP`,
            budget: `≤ ${(budget.lcpMs / 1000).toFixed(1)} s`,
            measured: `${(lcp / 1000).toFixed(2)} s`,
            pass: lcp <= budget.lcpMs,
          },
          { figure: `${label}: CLS`, budget: `< ${budget.clsBelow}`, measured: cls.toFixed(3), pass: cls < budget.clsBelow },
          {
            figure: `${label}: accessibility`,
            budget: String(budget.accessibility),
            measured: `${accessibility}${failing.length ? ` (${failing.join(', ')})` : ''}`,
            pass: accessibility >= budget.accessibility,
          },
        );
      } else {
        rows.push({ figure: `${label}: performance`, budget: '(reported)', measured: String(performance), pass: null });
      }
    }
  }
} finally {
  await chrome.kill();
  api?.stop();
}
record('lighthouse', rows);
