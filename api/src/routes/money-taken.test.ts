// One money query (decision 036, issue 40): the money taken is what buyers paid for their attendees
// less what was refunded to them, and every screen that shows it says the same: Events' Revenue
// column, Registrations' and Tickets' Total Revenue, the dashboard and Analytics' top events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEventPage, AnalyticsReport, DashboardSummary, RegistrationStats, TicketSummary } from '../contract';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, staffCookie, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';

let t: CheckoutTestApp;
let manager: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ vars: { EMULATOR_REFUND_SETTLE_MS: 'manual' } });
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const get = async <T>(path: string) => (await (await t.app.request(path, jsonRequest('GET', undefined, manager))).json()) as T;

describe('the money taken', () => {
  it('is one figure on every screen: paid less refunded, never seats times a price', async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Revenue Agreement Run' });
    // Two VIP attendees (₹1,500 each) and one General (₹499.50); ₹600 of one VIP refunded.
    const vip = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.vip, quantity: 2 });
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general });
    const refund = await t.app.request(
      `/api/admin/orders/${vip.orderId}/refunds`,
      jsonRequest('POST', { attendeeIds: [vip.id], amount: 600, reason: 'Goodwill' }, manager),
    );
    expect(refund.status).toBe(201);
    const expected = 1500 + 1500 + 499.5 - 600;

    const events = await get<AdminEventPage>(`/api/admin/events?search=${encodeURIComponent('Revenue Agreement')}`);
    expect(events.events.find((e) => e.id === ids.eventId)!.moneyTaken).toBe(expected);
    const stats = await get<RegistrationStats>(`/api/admin/registrations/stats?eventId=${ids.eventId}`);
    expect(stats.totalRevenue).toBe(expected);
    const analytics = await get<AnalyticsReport>('/api/admin/insights/analytics?period=30d');
    expect(analytics.topEvents.find((e) => e.id === ids.eventId)?.revenue).toBe(expected);

    // Across every event: the dashboard, Registrations and Tickets say the same total.
    const dashboard = await get<DashboardSummary>('/api/admin/insights/dashboard');
    const everyone = await get<RegistrationStats>('/api/admin/registrations/stats');
    const tickets = await get<TicketSummary>('/api/admin/tickets/summary');
    expect(everyone.totalRevenue).toBe(dashboard.totalRevenue);
    expect(tickets.revenue).toBe(dashboard.totalRevenue);
  });
});
