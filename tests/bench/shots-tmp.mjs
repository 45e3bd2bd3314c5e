import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, startApi } from './support.mjs';
const api = await startApi({ port: 3917, env: {} });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const errors = [];
const shots = JSON.parse(process.env.SHOTS);
for (const [w, h, path, name, setup] of shots) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${name}: ${m.text()}`); });
  if (setup === 'liked') await page.addInitScript(() => localStorage.setItem('tdk.storefront.liked-events', '[1,3,5]'));
  await page.goto(api.baseUrl + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: process.env.FULL === '1' });
  await page.close();
}
console.log('console errors:', errors.length ? errors : 'none');
await browser.close(); api.stop(); process.exit(0);
