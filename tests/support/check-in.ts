import type { APIRequestContext } from '@playwright/test';
import type { CreateOrderResponse, Registration, SportEvent, Ticket } from '../../api/src/contract';
import { E2E_ADMIN } from './staff';
import { orderBody } from './order-body.mjs';
import { jsonFrom, ok } from './api-request';

// Seeds what a gate needs through the API, as staff and buyers would: an event today (India's
// day), a ticket type, and paid registrations bought through the payments emulator.

/** India's day `days` from today ('2026-11-24'). */
export const dayInIndia = (days = 0) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
let buyers = 0;

const sameOrigin = (baseURL: string, address = '10.77.0.1') => jsonFrom(baseURL, address);

/** An Active event dated today (or `date`) with one Active ticket type, created by the e2e admin. */
export async function gateNight(
  request: APIRequestContext,
  baseURL: string,
  title = `Gate Night ${Date.now()}`,
  date = dayInIndia(),
) {
  const headers = sameOrigin(baseURL);
  await ok(await request.post('/api/auth/login', { headers, data: E2E_ADMIN }), 'admin sign-in');
  const { event } = await ok<{ event: SportEvent }>(
    await request.post('/api/admin/events', {
      headers,
      data: {
        title,
        description: 'Floodlit 10K with gates on both stands.',
        category: 'Running',
        date,
        time: '19:00',
        city: 'Pune',
        venue: 'Balewadi Stadium, Pune',
        maxParticipants: 500,
        price: 499,
        organizer: 'TDK Events',
        contactEmail: 'gates@tdksports.in',
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
      headers,
      data: {
        eventId: event.id,
        name: 'General',
        description: 'Entry through any gate',
        category: 'General',
        price: 499,
        quantity: 200,
        status: 'Active',
      },
    }),
    'create ticket',
  );
  return { event, ticket };
}

/** Another ticket type for the event, created by the e2e admin (signed in by gateNight). */
export async function createTicket(
  request: APIRequestContext,
  baseURL: string,
  ticket: Record<string, unknown>,
): Promise<Ticket> {
  return (
    await ok<{ ticket: Ticket }>(
      await request.post('/api/admin/tickets', { headers: sameOrigin(baseURL), data: ticket }),
      'create ticket',
    )
  ).ticket;
}

/** A paid registration for the event, bought as a visitor would, and its signed QR value. */
export async function paidTicket(
  request: APIRequestContext,
  baseURL: string,
  event: SportEvent,
  ticket: Ticket,
  fullName = 'Kavya Menon',
): Promise<Registration> {
  return (await paidOrder(request, baseURL, event, ticket, fullName, 1)).attendees[0]!;
}

/** A paid order of `count` tickets (a family: the buyer and their guests), and its attendees in order. */
export async function paidOrder(
  request: APIRequestContext,
  baseURL: string,
  event: SportEvent,
  ticket: Ticket,
  fullName: string,
  count: number,
): Promise<{ bookingReference: string; attendees: Registration[] }> {
  const headers = sameOrigin(baseURL, `10.78.${(buyers >> 8) & 255}.${++buyers & 255}`);
  const order = await ok<CreateOrderResponse>(
    await request.post('/api/cashfree/create-order', {
      headers,
      data: orderBody(
        event.id,
        ticket.id,
        { fullName, email: `gate.${Date.now()}.${buyers}@example.com`, phone: '98200 77777' },
        count,
      ),
    }),
    'create order',
  );
  await ok(
    await request.post(`/emulator/cashfree/pay/${order.payment_session_id}`, { headers, data: { outcome: 'success' } }),
    'pay',
  );
  const verified = await ok<{ registration: { registrationNumber: string } }>(
    await request.get(`/api/cashfree/verify-payment/${order.orderId}`),
    'verify',
  );
  const bookingReference = verified.registration.registrationNumber;
  await ok(await request.post('/api/auth/login', { headers: sameOrigin(baseURL), data: E2E_ADMIN }), 'admin sign-in');
  const page = await ok<{ registrations: Registration[] }>(
    await request.get(`/api/admin/registrations?search=${bookingReference}`),
    'find registration',
  );
  const attendees = page.registrations
    .filter((r) => r.bookingReference === bookingReference)
    .sort((a, b) => a.position - b.position);
  return { bookingReference, attendees };
}

/** The registration as the server now holds it. */
export async function registrationNow(request: APIRequestContext, baseURL: string, id: number): Promise<Registration> {
  await ok(await request.post('/api/auth/login', { headers: sameOrigin(baseURL), data: E2E_ADMIN }), 'admin sign-in');
  return (await ok<{ registration: Registration }>(await request.get(`/api/admin/registrations/${id}`), 'registration'))
    .registration;
}
