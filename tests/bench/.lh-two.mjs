import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox'] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = lhr.audits;
  console.log('perf', Math.round(lhr.categories.performance.score*100), 'FCP', a['first-contentful-paint'].numericValue.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue.toFixed(0), 'TBT', a['total-blocking-time'].numericValue.toFixed(0), 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3), 'SI', a['speed-index'].numericValue.toFixed(0));
  for (const it of (a['layout-shifts']?.details?.items ?? [])) console.log('shift', it.score?.toFixed?.(3), JSON.stringify(it.node?.snippet ?? '').slice(0,160));
  const m = a.metrics.details.items[0];
  console.log('observed', Object.entries(m).filter(([k])=>k.startsWith('observed')&&!k.endsWith('Ts')).map(([k,v])=>`${k.replace('observed','')}=${Math.round(v)}`).join(' '));
  for (const r of a['network-requests'].details.items) console.log(Math.round(r.networkRequestTime).toString().padStart(5), Math.round(r.networkEndTime).toString().padStart(5), r.priority.padEnd(8), r.resourceType?.padEnd(10), String(r.transferSize).padStart(7), r.url.slice(0,90));
  const mt = a['mainthread-work-breakdown']; console.log('mainthread', Math.round(mt.numericValue));
  for (const t of (a['long-tasks']?.details?.items ?? [])) console.log('long task', Math.round(t.startTime), Math.round(t.duration), t.url?.slice(0,60));
} finally { await chrome.kill(); }
