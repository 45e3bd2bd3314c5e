import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import type { CreateOrderResponse, SportEvent, Ticket } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { E2E_ADMIN } from '../support/staff';
import { agreeToPrivacyNotice, fillAttendeeDetails, rupees } from '../support/storefront';
import { orderBody } from '../support/order-body.mjs';
import { jsonFrom, ok } from '../support/api-request';

// The waiting list (decision 024): a sold-out ticket, someone joins its waiting list on a phone,
// staff raise the quantity, the offer's e-mail arrives, and they buy with the offer.

const headers = (baseURL: string, address = '10.79.0.1') => jsonFrom(baseURL, address);

/** An Active event ten days ahead with one ticket type of one seat, already sold to a buyer (seats are counted from sales, decision 036). */
async function soldOutEvent(request: APIRequestContext, baseURL: string) {
  const h = headers(baseURL);
  await ok(await request.post('/api/auth/login', { headers: h, data: E2E_ADMIN }), 'admin sign-in');
  const date = new Date(Date.now() + 10 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
  const { event } = await ok<{ event: SportEvent }>(
    await request.post('/api/admin/events', {
      headers: h,
      data: {
        title: `Sold Out 10K ${Date.now()}`,
        description: 'A small field along the river.',
        category: 'Running',
        date,
        time: '06:30',
        city: 'Pune',
        venue: 'Riverside, Pune',
        maxParticipants: 100,
        price: 300,
        organizer: 'TDK Events',
        contactEmail: 'races@tdksports.in',
        contactPhone: '9820012345',
        status: 'Active',
        imageUrl: null,
        highlights: [],
        rules: [],
        regulations: [],
      },
    }),
    'create event',
  );
  const { ticket } = await ok<{ ticket: Ticket }>(
    await request.post('/api/admin/tickets', {
      headers: h,
      data: {
        eventId: event.id,
        name: 'River 10K',
        description: 'One lap',
        category: 'General',
        price: 300,
        quantity: 1,
        status: 'Active',
      },
    }),
    'create ticket',
  );
  const buyer = { ...h, 'X-Forwarded-For': `10.96.${Date.now() % 250}.7` };
  const order = await ok<CreateOrderResponse>(
    await request.post('/api/cashfree/create-order', {
      headers: buyer,
      data: orderBody(event.id, ticket.id, {
        fullName: 'Arjun Rao',
        email: `first.${Date.now()}@example.com`,
        phone: '98200 11111',
      }),
    }),
    'buy the one seat',
  );
  await ok(
    await request.post(`/emulator/cashfree/pay/${order.payment_session_id}`, { headers: buyer, data: { outcome: 'success' } }),
    'pay',
  );
  await request.get(`/api/cashfree/verify-payment/${order.orderId}`, { headers: buyer });
  return { event, ticket };
}

test('a sold-out ticket: join its waiting list on a phone, a seat frees, the offer arrives by e-mail and books it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const { event, ticket } = await soldOutEvent(request, baseURL!);
  const email = `waiting.${Date.now()}@example.com`;

  await page.goto(`/event/${event.id}`);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await expect(page.getByRole('button', { name: `Increase ${ticket.name}` })).toHaveCount(0);
  // By keyboard: the button, then the form.
  await page.getByRole('button', { name: `Join the waiting list for ${ticket.name}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Waiting list: ${ticket.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Full Name').fill('Nisha Kulkarni');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number').fill('98220 33445');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('waiting-list-form-360.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  const joined = page.getByRole('dialog', { name: 'You are on the waiting list' });
  await expect(joined.getByRole('status')).toHaveText(
    'Almost there: open the link we have e-mailed you to confirm your address. Your place in line counts from then.',
  );
  await joined.getByRole('button', { name: 'Done' }).click();

  // The address is confirmed from the link mailed to it (issue 40): only then does the place count.
  let confirmLink = '';
  await expect
    .poll(
      () => {
        const mail = outboxMails()
          .map(readMail)
          .find((m) => m.to.includes(email) && m.subject.startsWith('Confirm your e-mail'));
        confirmLink = mail ? (/https?:\/\/\S+\/waiting-list\/confirm\S*#[\w.-]+/.exec(mail.text)?.[0] ?? '') : '';
        return confirmLink;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const confirmUrl = new URL(confirmLink);
  await page.goto(confirmUrl.pathname + confirmUrl.search + confirmUrl.hash);
  await expect(page.getByTestId('waiting-list-confirmed')).toHaveText(
    `You are number 1 in line for 1 ${ticket.name} ticket. We will e-mail you when seats come free.`,
  );

  // Staff raise the quantity: the seat goes to the waiting list, not to the public.
  const h = headers(baseURL!);
  await ok(await request.post('/api/auth/login', { headers: h, data: E2E_ADMIN }), 'admin sign-in');
  const { ticket: current } = await ok<{ ticket: Ticket }>(await request.get(`/api/admin/tickets/${ticket.id}`), 'ticket');
  await ok(
    await request.put(`/api/admin/tickets/${ticket.id}`, {
      headers: h,
      data: {
        eventId: event.id,
        name: current.name,
        description: current.description,
        category: current.category,
        price: current.price,
        quantity: 2,
        status: 'Active',
        updatedAt: current.updatedAt,
      },
    }),
    'raise quantity',
  );
  const list = await ok<{ entries: { email: string; status: string }[] }>(
    await request.get(`/api/admin/tickets/${ticket.id}/waiting-list`),
    'waiting list',
  );
  expect(list.entries.map((e) => [e.email, e.status])).toEqual([[email, 'offered']]);

  // The offer's e-mail, as the outbox worker wrote it.
  let offerLink = '';
  await expect
    .poll(
      () => {
        const mail = outboxMails()
          .map(readMail)
          .find((m) => m.to.includes(email) && m.subject.startsWith('Tickets are free for you'));
        offerLink = mail ? (/https?:\/\/\S+\?offer=[\w-]+/.exec(mail.text)?.[0] ?? '') : '';
        return offerLink;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  const url = new URL(offerLink);
  await page.goto(url.pathname + url.search);
  const form = page.getByTestId('registration-form');
  await expect(page.getByTestId('waiting-list-offer')).toContainText(`1 ${ticket.name} ticket is held for you until`);
  const buyer = form.getByTestId('buyer-form');
  await expect(buyer.getByLabel('Email')).toHaveValue(email);
  await expect(buyer.getByLabel('Full Name')).toHaveValue('Nisha Kulkarni');
  const first = form.getByTestId('attendee-form').first();
  await first.getByLabel('Same as buyer').check();
  await fillAttendeeDetails(first, { dateOfBirth: '1994-08-21', gender: 'Female' });
  await agreeToPrivacyNotice(form);
  await form.getByRole('button', { name: `Pay ${rupees(ticket.price)}` }).click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.getByRole('button', { name: `Pay ${rupees(ticket.price)}` }).click();
  await page
    .frameLocator('iframe[title="Cashfree checkout"]')
    .getByRole('button', { name: /UPI: success/ })
    .click();
  await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 10_000 });
  await expect(page.getByTestId('booked').getByRole('heading', { name: 'Payment & Registration successful!' })).toBeVisible();

  const after = await ok<{ ticket: Ticket }>(await request.get(`/api/admin/tickets/${ticket.id}`), 'ticket after');
  expect([after.ticket.sold, after.ticket.held]).toEqual([2, 0]);
  const used = await ok<{ entries: { email: string; status: string }[] }>(
    await request.get(`/api/admin/tickets/${ticket.id}/waiting-list`),
    'waiting list after',
  );
  expect(used.entries.map((e) => [e.email, e.status])).toEqual([[email, 'used']]);
});
