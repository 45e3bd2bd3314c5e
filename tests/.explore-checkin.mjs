import { chromium, request as pwRequest } from '@playwright/test';
const base = 'http://127.0.0.1:3000';
const H = { 'Content-Type': 'application/json', Origin: base };
const api = await pwRequest.newContext({ baseURL: base });
const admin = { email: 'admin@tdk.test', password: 'admin-password-long-1' };
const ok = async (r, w) => { if (!r.ok()) throw new Error(w + ' ' + r.status() + ' ' + (await r.text())); return r.json(); };
await ok(await api.post('/api/auth/login', { headers: H, data: admin }), 'login');
const today = new Date(Date.now() + 330 * 60000).toISOString().slice(0, 10);
const { event } = await ok(await api.post('/api/admin/events', { headers: H, data: { title: 'Pune Floodlit 10K', description: 'x', category: 'Running', date: today, time: '19:00', city: 'Pune', venue: 'Balewadi Stadium, Pune', maxParticipants: 500, price: 499, organizer: 'TDK', contactEmail: 'a@tdksports.in', contactPhone: '9820012345', status: 'Active', imageUrl: null, highlights: [], rules: [], regulations: [] } }), 'event');
const { ticket } = await ok(await api.post('/api/admin/tickets', { headers: H, data: { eventId: event.id, name: 'General', description: '', category: 'General', price: 499, quantity: 100, status: 'Active' } }), 'ticket');
const regs = [];
for (const [i, name] of ['Kavya Menon', 'Arjun Rao', 'Sana Khan'].entries()) {
  const h = { ...H, 'X-Forwarded-For': `10.5.0.${i + 1}` };
  const order = await ok(await api.post('/api/cashfree/create-order', { headers: h, data: { eventId: event.id, tickets: [{ ticketId: ticket.id, quantity: 1 }], participant: { fullName: name, email: `p${i}.${Date.now()}@example.com`, phone: '9820077777', age: 30, emergencyContact: 'X Y', emergencyPhone: '9820088888' } } }), 'order');
  await ok(await api.post(`/emulator/cashfree/pay/${order.payment_session_id}`, { headers: h, data: { outcome: 'success' } }), 'pay');
  const v = await ok(await api.get(`/api/cashfree/verify-payment/${order.orderId}`), 'verify');
  regs.push(v.registration.registrationNumber);
}
await ok(await api.post('/api/auth/login', { headers: H, data: admin }), 'login');
console.log(JSON.stringify({ eventId: event.id, regs }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const [w, h] of [[1280, 900], [360, 780]]) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  await page.request.post('/api/auth/login', { headers: H, data: admin });
  await page.goto('/admin/registrations');
  await page.getByRole('link', { name: 'Gate check-in' }).waitFor();
  await page.screenshot({ path: `/tmp/shots/registrations-${w}.png` });
  await page.goto(`/admin/registrations/check-in?event=${event.id}`);
  await page.getByText(/\d \/ 3/).waitFor();
  await page.screenshot({ path: `/tmp/shots/checkin-empty-${w}.png`, fullPage: true });
  if (w === 1280) {
    await page.getByLabel('Ticket code or registration number').fill(regs[0]);
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.locator('section[data-tone=green]').waitFor();
    await page.screenshot({ path: `/tmp/shots/checkin-green.png`, fullPage: true });
    await page.getByLabel('Ticket code or registration number').fill(regs[0]);
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.locator('section[data-tone=amber]').waitFor();
    await page.screenshot({ path: `/tmp/shots/checkin-amber.png` });
    await page.getByRole('button', { name: 'Prepare for offline' }).click();
    await page.getByText(/Ready offline/).waitFor();
    await ctx.setOffline(true);
    await page.reload();
    await page.getByLabel('Ticket code or registration number').fill(regs[1]);
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.locator('section[data-tone=green]').waitFor();
    await page.screenshot({ path: `/tmp/shots/checkin-offline.png`, fullPage: true });
    await page.getByLabel('Ticket code or registration number').fill('TDK-REGXYZ-' + event.id + '-AAAAAAAAAA');
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.locator('section[data-tone=red]').waitFor();
    await page.screenshot({ path: `/tmp/shots/checkin-red.png` });
    await ctx.setOffline(false);
    await page.getByText(/Every scan is synced/).waitFor();
  } else {
    console.log('scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
  }
  await ctx.close();
}
await browser.close();
