import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { CreateOrderResponse, PersonalDataExport } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { dayInIndia, gateNight } from '../support/check-in';
import { orderBody } from '../support/order-body.mjs';

// Issue 28 (decision 030): a buyer downloads everything held about their bookings from My bookings
// at phone width and asks for its erasure; an admin erases it from Users → Data requests; the buyer
// then sees it done, and the booking no longer names anyone.

async function buy(request: APIRequestContext, baseURL: string, email: string) {
  const { event, ticket } = await gateNight(request, baseURL, `Privacy Run ${Date.now()}`, dayInIndia(30));
  const headers = { 'Content-Type': 'application/json', Origin: new URL(baseURL).origin, 'X-Forwarded-For': '10.97.1.9' };
  const created = await request.post('/api/cashfree/create-order', {
    headers,
    data: orderBody(event.id, ticket.id, { fullName: 'Nisha Kulkarni', email, phone: '98200 55555' }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as CreateOrderResponse;
  expect(
    (await request.post(`/emulator/cashfree/pay/${order.payment_session_id}`, { headers, data: { outcome: 'success' } })).ok(),
  ).toBe(true);
  await request.get(`/api/cashfree/verify-payment/${order.orderId}`);
  return event;
}

test('a buyer downloads their data and has it erased, and staff act on the request', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const email = `nisha.privacy.${Date.now()}@example.com`;
  const event = await buy(request, baseURL!, email);

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, acceptDownloads: true });
  const buyer = await phone.newPage();
  await buyer.goto('/bookings');
  await buyer.getByLabel(/E-?mail/).fill(email);
  await buyer.getByLabel(/E-?mail/).press('Enter');
  await expect(buyer.getByTestId('bookings-link-sent')).toContainText(email);
  await expect
    .poll(
      () =>
        outboxMails()
          .map(readMail)
          .filter((m) => m.to.includes(email) && /My bookings/.test(m.subject)).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  const mail = outboxMails()
    .map(readMail)
    .find((m) => m.to.includes(email) && /My bookings/.test(m.subject))!;
  const url = new URL(/https?:\/\/\S+\/bookings\/open#[\w-]{43}/.exec(mail.text)![0]);
  await buyer.goto(url.pathname + url.search + url.hash);
  await expect(buyer.getByTestId('booking').getByRole('heading', { name: event.title })).toBeVisible();

  // Their copy: everything held, as a JSON file.
  const data = buyer.getByTestId('your-data');
  const download = buyer.waitForEvent('download');
  await data.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const copy = JSON.parse(readFileSync((await file.path())!, 'utf8')) as PersonalDataExport;
  expect(copy.email).toBe(email);
  expect(copy.orders[0]!.attendees[0]).toMatchObject({ fullName: 'Nisha Kulkarni', consent: { noticeVersion: 1 } });

  // The erasure request, confirmed.
  await data.getByRole('button', { name: 'Ask to erase my data' }).click();
  await buyer.getByRole('alertdialog').getByRole('button', { name: 'Ask to erase' }).click();
  await expect(buyer.getByTestId('erasure-status')).toContainText('You asked on');
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An admin erases it from Users → Data requests.
  await signIn(page, baseURL!, 'admin');
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: 'Data requests' }).click();
  const row = page.getByTestId('data-request').filter({ hasText: email });
  await row.getByRole('button', { name: 'Erase' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByTestId('data-request').filter({ hasText: email })).toHaveCount(0);

  // The buyer sees it done; the booking names nobody now.
  await buyer.reload();
  await expect(buyer.getByTestId('erasure-status')).toContainText('Your personal data was erased on');
  await expect(buyer.getByTestId('booking')).toHaveCount(0);
  await phone.close();
});
