import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, startApi } from './support.mjs';
const api = await startApi({ port: 3913, env: {} });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
for (const route of (process.env.ROUTES ?? '/,/event/1').split(',')) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (r) => { if (r.request().resourceType() !== 'script') return; const s = await r.request().sizes().catch(() => null); scripts.push([r.url().replace(api.baseUrl, ''), s ? s.responseBodySize + s.responseHeadersSize : 0]); });
  await page.goto(api.baseUrl + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const total = scripts.reduce((a, [, n]) => a + n, 0);
  console.log(route, (total / 1024).toFixed(1), 'KB');
  scripts.sort((a, b) => b[1] - a[1]).forEach(([u, n]) => console.log('  ', (n / 1024).toFixed(1), u));
  await page.close();
}
await browser.close(); api.stop(); process.exit(0);
