// A ticket type's Sold Out follows from its seats (decision 036): the last seat sold shows it Sold
// Out to buyers (listed, with nothing available, so its waiting list is offered) and to staff, while
// staff's own setting stays Active; a refund that frees the seat puts it back on sale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../contract';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, staffCookie, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';

let t: CheckoutTestApp;
let manager: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const publicTickets = async (eventId: number) =>
  ((await (await t.app.request(`/api/events/${eventId}/tickets`)).json()) as { tickets: Ticket[] }).tickets;
const staffTicket = async (id: number) =>
  ((await (await t.app.request(`/api/admin/tickets/${id}`, jsonRequest('GET', undefined, manager))).json()) as { ticket: Ticket })
    .ticket;

describe("a ticket type's status", () => {
  it('is Sold Out when its last seat is sold and Active again when a refund frees it; staff set only whether it is on sale', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'One Seat Derby', vipQuantity: 1 });
    expect((await publicTickets(ids.eventId)).find((x) => x.id === ids.vip)).toMatchObject({ status: 'Active', available: 1 });

    const attendee = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.vip });
    expect((await publicTickets(ids.eventId)).find((x) => x.id === ids.vip)).toMatchObject({
      status: 'Sold Out',
      available: 0,
    });
    expect(await staffTicket(ids.vip)).toMatchObject({ status: 'Sold Out', setting: 'Active', sold: 1 });

    const refund = await t.app.request(
      `/api/admin/orders/${attendee.orderId}/refunds`,
      jsonRequest('POST', { attendeeIds: 'all', reason: 'Rain-out' }, manager),
    );
    expect(refund.status).toBe(201);
    expect((await publicTickets(ids.eventId)).find((x) => x.id === ids.vip)).toMatchObject({ status: 'Active', available: 1 });
  });
});
