import type { CreateOrderResponse } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { orderBody } from '../support/order-body.mjs';
import { gateNight } from '../support/check-in';
import { fillParticipant, pickOneTicket, toast } from '../support/storefront';

// Issue 28 (decision 027): one anonymous client held 100 seats of a ticket type with ten orders of
// ten, renewed every 15 minutes. Seats are now counted per address (30 by default), per buyer
// e-mail and per phone, in the database.

const SEATS_PER_ADDRESS = 30;

test('an anonymous client cannot hold more seats than the limit: its next order is refused in plain words', async ({
  page,
  request,
  baseURL,
  clientAddress,
  browserConsole,
}) => {
  // The refused create-order is a 429 the browser logs.
  browserConsole.allow(/status of 429/);
  // An event and ticket type of its own, dated after the demo events (inside the 90-day booking
  // window): the 30 seats held here must not be the ones other journeys pick from the list.
  const later = new Date(Date.now() + 330 * 60_000 + 85 * 86_400_000).toISOString().slice(0, 10);
  const { event, ticket } = await gateNight(request, baseURL!, `Hoarded Night ${Date.now()}`, later);
  const eventId = event.id;
  expect(ticket.maxPerOrder).toBe(10);
  const headers = { 'Content-Type': 'application/json', Origin: new URL(baseURL!).origin, 'X-Forwarded-For': clientAddress };

  // Three orders of ten from this address, each with a made-up buyer: the limit's 30 seats.
  for (let i = 0; i < SEATS_PER_ADDRESS / 10; i++) {
    const buyer = {
      fullName: `Hoarder ${i}`,
      email: `hoard.${Date.now()}.${i}@mailinator.com`,
      phone: `9${String(Date.now() + i).slice(-9)}`,
    };
    const res = await request.post('/api/cashfree/create-order', { headers, data: orderBody(eventId, ticket.id, buyer, 10) });
    expect(res.status(), await res.text()).toBe(201);
    expect(((await res.json()) as CreateOrderResponse).payment_session_id).toBeTruthy();
  }
  // One more through the API: refused, with how long to wait.
  const refused = await request.post('/api/cashfree/create-order', {
    headers,
    data: orderBody(
      eventId,
      ticket.id,
      { fullName: 'Hoarder X', email: `hoard.x.${Date.now()}@mailinator.com`, phone: '9811122233' },
      10,
    ),
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({
    error: {
      code: 'rate_limited',
      message: expect.stringContaining(`At most ${SEATS_PER_ADDRESS} tickets may be held from one connection`),
    },
  });

  // The same client in the storefront: even one more ticket is refused, and the page says why.
  await pickOneTicket(page, eventId, ticket);
  const form = await fillParticipant(page, `one.more.${Date.now()}@example.com`);
  await form.getByRole('button', { name: /^Pay / }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(toast(page, 'Payment failed')).toContainText('Too many tickets are being held from this connection');
  await expect(dialog.getByRole('alert')).toContainText('Too many tickets are being held');
});
