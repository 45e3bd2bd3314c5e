import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox'] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = lhr.audits;
  console.log('CLS', a['cumulative-layout-shift'].numericValue);
  console.log(JSON.stringify(a['layout-shifts'].details, null, 1).slice(0, 3000));
  const ss = a['screenshot-thumbnails']?.details?.items ?? [];
  const fs = await import('node:fs');
  ss.forEach((s, i) => fs.writeFileSync(`/tmp/lh/thumb-${i}-${s.timing}.jpg`, Buffer.from(s.data.split(',')[1], 'base64')));
} finally { await chrome.kill(); }
