import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox'] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = lhr.audits;
  console.log('perf', Math.round(lhr.categories.performance.score*100), 'FCP', a['first-contentful-paint'].numericValue.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue.toFixed(0), 'TBT', a['total-blocking-time'].numericValue.toFixed(0), 'SI', a['speed-index'].numericValue.toFixed(0), 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3));
  const el = a['largest-contentful-paint-element'];
  console.log(JSON.stringify(el.details?.items?.[0]?.items?.[0]?.node?.snippet ?? el.details, null, 0).slice(0, 400));
  const phases = el.details?.items?.[1]?.items; if (phases) console.log(phases.map(p=>`${p.phase}:${Math.round(p.timing)}`).join(' '));
} finally { await chrome.kill(); }
