import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.route('**/*', (route) => route.continue({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } }));
page.on('response', (r) => r.status() >= 400 && console.log('bad', r.status(), r.url()));
await page.goto('http://127.0.0.1:3313/event/1');
await page.getByRole('tab', { name: 'Details' }).waitFor({ timeout: 10000 }).then(() => console.log('ok'), (e) => console.log('fail', e.message));
await browser.close();
