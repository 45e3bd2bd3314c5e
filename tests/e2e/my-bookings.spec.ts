import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { EVENT_CATEGORIES, type CreateOrderResponse, type EventResponse, type SportEvent } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { dayInIndia, gateNight } from '../support/check-in';
import { orderBody } from '../support/order-body.mjs';

// Issue 24 (decision 023): a buyer who lost the confirmation asks for a sign-in link at phone width,
// reads it from the outbox, opens My bookings, downloads a ticket's PDF and changes an attendee.

/**
 * A paid booking for `email` on an event of its own a month ahead, so that every self-service
 * deadline is still open whatever other journeys have put on sale today.
 */
async function buy(request: APIRequestContext, baseURL: string, email: string) {
  const { event, ticket: paid } = await gateNight(request, baseURL, `Bookings Run ${Date.now()}`, dayInIndia(30));
  const headers = {
    'Content-Type': 'application/json',
    Origin: new URL(baseURL).origin,
    'X-Forwarded-For': `10.98.${Date.now() % 250}.9`,
  };
  const created = await request.post('/api/cashfree/create-order', {
    headers,
    data: orderBody(event.id, paid.id, { fullName: 'Kavya Menon', email, phone: '98200 77777' }),
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as CreateOrderResponse;
  expect(
    (await request.post(`/emulator/cashfree/pay/${order.payment_session_id}`, { headers, data: { outcome: 'success' } })).ok(),
  ).toBe(true);
  await request.get(`/api/cashfree/verify-payment/${order.orderId}`);
  return event;
}

/** Staff set the event's self-service policy (changes of details until an hour before the start by default), through the event form's route. */
async function allowChanges(
  page: import('@playwright/test').Page,
  baseURL: string,
  eventId: number,
  selfService: object = { cancel: null, transfer: null, changeDetails: { hoursBefore: 1 } },
) {
  await signIn(page, baseURL, 'admin');
  const { event } = (await (await page.request.get(`/api/admin/events/${eventId}`)).json()) as EventResponse;
  const e: SportEvent = event;
  const res = await page.request.put(`/api/admin/events/${eventId}`, {
    headers: { 'Content-Type': 'application/json', Origin: new URL(baseURL).origin },
    data: {
      title: e.title,
      description: e.description,
      category: EVENT_CATEGORIES.find((c) => c.toLowerCase() === e.category.toLowerCase()) ?? 'Other',
      date: e.date,
      time: e.time,
      city: e.location,
      venue: e.venue,
      maxParticipants: e.maxParticipants,
      price: e.price,
      organizer: e.organizer,
      contactEmail: e.contactEmail,
      contactPhone: e.contactPhone,
      status: e.status,
      imageUrl: e.imageUrl,
      highlights: e.highlights,
      rules: e.rules,
      regulations: e.regulations,
      selfService,
      updatedAt: e.updatedAt,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.context().clearCookies();
}

test('a buyer who lost the e-mail finds the booking at 360 px, downloads a ticket and changes an attendee', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const email = `kavya.bookings.${Date.now()}@example.com`;
  const event = await buy(request, baseURL!, email);
  await allowChanges(page, baseURL!, event.id);

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const buyer = await phone.newPage();
  await buyer.goto('/');
  // The header's link, first thing a visitor sees; a phone names it in one word.
  await buyer.getByRole('link', { name: 'Bookings', exact: true }).click();
  await expect(buyer.getByRole('heading', { name: 'Find your bookings' })).toBeVisible();
  expect((await new AxeBuilder({ page: buyer }).analyze()).violations).toEqual([]);
  await buyer.getByLabel(/E-?mail/).fill(email);
  await buyer.getByLabel(/E-?mail/).press('Enter');
  await expect(buyer.getByTestId('bookings-link-sent')).toContainText(email);

  await expect
    .poll(
      () =>
        outboxMails()
          .map(readMail)
          .filter((mail) => mail.to.includes(email) && /My bookings/.test(mail.subject)).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  const mail = outboxMails()
    .map(readMail)
    .find((m) => m.to.includes(email) && /My bookings/.test(m.subject))!;
  const link = /https?:\/\/\S+\/bookings\/open#[\w-]{43}/.exec(mail.text)![0];
  const url = new URL(link);
  await buyer.goto(url.pathname + url.search + url.hash);

  const booking = buyer.getByTestId('booking');
  await expect(booking.getByRole('heading', { name: event.title })).toBeVisible();
  expect(buyer.url()).not.toContain('#');
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await new AxeBuilder({ page: buyer }).analyze()).violations).toEqual([]);

  // The page reloads with the session; the same link a second time says it was used.
  await buyer.reload();
  await expect(booking.getByTestId('booking-attendee')).toHaveCount(1);

  // The ticket's page and its PDF.
  await booking.getByRole('link', { name: 'Ticket & PDF of Kavya Menon' }).click();
  const download = buyer.waitForEvent('download');
  await buyer.getByRole('button', { name: /Download PDF/i }).click();
  expect((await download).suggestedFilename()).toMatch(/^ticket-REG[A-Z0-9]+\.pdf$/);

  // Back to My bookings, by keyboard: change the attendee's name.
  await buyer.goto('/bookings');
  await buyer.getByRole('button', { name: 'Change details of Kavya Menon' }).focus();
  await buyer.keyboard.press('Enter');
  const dialog = buyer.getByRole('dialog', { name: 'Change the details of Kavya Menon' });
  await expect(dialog.getByLabel(/Full name/i)).toHaveValue('Kavya Menon');
  await dialog.getByLabel(/Full name/i).fill('Kavya R Menon');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(buyer.getByTestId('booking-attendee')).toContainText('Kavya R Menon');

  const again = await phone.newPage();
  await again.goto(url.pathname + url.search + url.hash);
  await expect(again.getByTestId('bookings-link-problem')).toHaveText(
    'This sign-in link has already been used. Ask for a new one.',
  );
  await phone.close();
});

test('a buyer cancels a ticket within the policy at 360 px, by keyboard, and sees the refund less the fee', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const email = `kavya.cancel.${Date.now()}@example.com`;
  const event = await buy(request, baseURL!, email);
  await allowChanges(page, baseURL!, event.id, {
    cancel: { daysBefore: 1, feePercent: 10 },
    transfer: null,
    changeDetails: null,
  });

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const buyer = await phone.newPage();
  await buyer.goto('/bookings');
  await buyer.getByLabel(/E-?mail/).fill(email);
  await buyer.getByLabel(/E-?mail/).press('Enter');
  await expect(buyer.getByTestId('bookings-link-sent')).toContainText(email);
  const linkMail = () =>
    outboxMails()
      .map(readMail)
      .find((m) => m.to.includes(email) && /My bookings/.test(m.subject));
  await expect.poll(() => Boolean(linkMail()), { timeout: 30_000 }).toBe(true);
  const url = new URL(/https?:\/\/\S+\/bookings\/open#[\w-]{43}/.exec(linkMail()!.text)![0]);
  await buyer.goto(url.pathname + url.search + url.hash);

  const attendee = buyer.getByTestId('booking-attendee');
  await expect(attendee).toContainText('Can be cancelled until');
  await buyer.getByRole('button', { name: 'Cancel the ticket of Kavya Menon' }).focus();
  await buyer.keyboard.press('Enter');
  const dialog = buyer.getByRole('alertdialog', { name: 'Cancel the ticket of Kavya Menon?' });
  await expect(dialog).toContainText('stops working at once');
  const terms = (await dialog.getByTestId('cancel-refund').textContent())!;
  const [, refund, price, fee] =
    /You get back (₹[\d,.]+): the price of (₹[\d,.]+) less the cancellation fee of (₹[\d,.]+)\./.exec(terms)!;
  const paise = (rupees: string) => Math.round(Number(rupees.replace(/[₹,]/g, '')) * 100);
  expect(paise(fee!)).toBe(Math.floor(paise(price!) / 10));
  expect(paise(refund!)).toBe(paise(price!) - paise(fee!));
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await new AxeBuilder({ page: buyer }).include('[role="alertdialog"]').analyze()).violations).toEqual([]);
  // Focus starts on Keep ticket; the buyer tabs to the confirmation.
  await expect(dialog.getByRole('button', { name: 'Keep ticket' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, cancel ticket' }).focus();
  await buyer.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(buyer.getByTestId('attendee-cancelled')).toHaveText(`Cancelled · Refunded ${refund}`);
  await expect(buyer.getByRole('button', { name: 'Cancel the ticket of Kavya Menon' })).toHaveCount(0);

  // The buyer's e-mail says what happened, with the refund and the fee.
  await expect
    .poll(
      () =>
        outboxMails()
          .map(readMail)
          .find((m) => m.to.includes(email) && /Ticket cancelled for/.test(m.subject))?.text ?? '',
      { timeout: 30_000 },
    )
    .toContain(`refund of ${refund}`);
  await phone.close();
});
