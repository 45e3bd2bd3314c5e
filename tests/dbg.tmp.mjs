import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
page.on('request', (r) => r.resourceType() === 'script' && console.log('req', r.url()));
await page.goto('http://127.0.0.1:3313/event/1');
await page.waitForTimeout(4000);
await browser.close();
