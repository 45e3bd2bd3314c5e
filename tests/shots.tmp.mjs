import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3313';
const out = '/tmp/sf-shots';
async function shot(page, name, width, full = true) {
  if (width === 360 && full) {
    const h = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 0; y < Math.min(h, 3600); y += 1200, i++) {
      await page.screenshot({ path: `${out}/${name}-${width}-part${i}.png`, fullPage: true, clip: { x: 0, y, width: 360, height: Math.min(1200, h - y) } });
    }
  } else await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: full });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 360]) {
  const page = await browser.newPage({ viewport: { width, height: width === 360 ? 740 : 860 } });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push('uncaught ' + e.message));
  page.on('response', (r) => r.status() >= 400 && errors.push(r.status() + ' ' + r.url()));
  await page.goto(base + '/');
  await page.getByTestId('event-card').first().waitFor();
  await shot(page, 'home', width);
  await page.goto(base + '/events');
  await page.getByTestId('event-card').first().waitFor();
  await shot(page, 'events', width);
  await page.getByTestId('city-button').click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'city', width, false);
  await page.keyboard.press('Escape');
  await page.goto(base + '/event/1');
  await page.getByRole('tab', { name: 'Details' }).waitFor();
  await shot(page, 'detail-details', width);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await page.getByTestId('ticket-option').first().waitFor();
  await page.getByRole('button', { name: 'Increase Player Pass' }).click();
  await shot(page, 'detail-tickets', width);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: /Pay/ }).click();
  await page.waitForTimeout(300);
  await shot(page, 'detail-register', width);
  console.log(width, 'errors:', errors);
  await page.close();
}
await browser.close();
