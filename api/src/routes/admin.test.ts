import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITABLE_EVENT_STATUSES,
  hasEventEnded,
  REGISTRATION_STATUSES,
  TICKET_STATUSES,
  type AnalyticsReport,
  type DashboardSummary,
  type Registration,
  type RegistrationStats,
  type SportEvent,
  type Ticket,
} from '../contract';
import { staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testOrganisationId } from '../testing/organisations';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

async function get<T>(path: string): Promise<T> {
  const res = await t.app.request(path, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as T;
}

describe('admin lists', () => {
  it('GET /api/admin/events lists events of every status, Draft included', async () => {
    const { events } = await get<{ events: SportEvent[] }>('/api/admin/events?pageSize=100');
    // The seed's public list fits in one page of the largest size.
    const publicPage = (await (await t.app.request('/api/events?limit=48')).json()) as { events: SportEvent[]; nextCursor: null };
    expect(publicPage.nextCursor).toBeNull();
    // The organisation's own events (decision 051): the first organisation's, whose staff this is.
    const organisationId = await t.db.query((db) => testOrganisationId(db));
    const publicEvents = publicPage.events.filter((e) => e.organisationId === organisationId);
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(EDITABLE_EVENT_STATUSES));
    // The public list holds only what can still be attended; the admin list holds everything.
    const hidden = events.filter((e) => e.status === 'Draft' || hasEventEnded(e));
    expect(hidden.some((e) => e.status === 'Completed')).toBe(true);
    expect(events.length).toBe(publicEvents.length + hidden.length);
  });

  it('GET /api/admin/tickets lists every ticket with its event, newest first', async () => {
    const { tickets } = await get<{ tickets: Ticket[] }>('/api/admin/tickets?showExpired=true&pageSize=100');
    const { events } = await get<{ events: SportEvent[] }>('/api/admin/events?pageSize=100');
    expect(new Set(tickets.map((x) => x.status))).toEqual(new Set(TICKET_STATUSES));
    const titles = new Map(events.map((e) => [e.id, e.title]));
    for (const ticket of tickets) {
      expect(ticket.eventName).toBe(titles.get(ticket.eventId));
      expect(ticket.available).toBe(Math.max(0, ticket.quantity - ticket.sold - ticket.held));
    }
    const created = tickets.map((x) => x.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('GET /api/admin/registrations lists every registration, latest first, in the contract shape', async () => {
    const { registrations } = await get<{ registrations: Registration[] }>('/api/admin/registrations?pageSize=100');
    expect(registrations.length).toBeGreaterThanOrEqual(25);
    const dates = registrations.map((r) => r.registrationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Attendees only (decision 040): the demo's unpaid and failed orders hold positions staff never see.
    expect(new Set(registrations.map((r) => r.status))).toEqual(new Set(REGISTRATION_STATUSES.filter((s) => s !== 'Pending')));
    expect(new Set(registrations.map((r) => r.paymentStatus))).toEqual(new Set(['Paid', 'Refunded']));
    for (const r of registrations) {
      expect(r.qrCode).toMatch(new RegExp(`^TDK-${r.registrationNumber}-${r.eventId}-[\\w-]{10}$`));
      // One row per attendee: their own ticket number under the booking reference, one ticket, its price.
      expect(r.bookingReference).toMatch(/^REG[0-9A-Z]{8,}[0-9A-Z]{4}$/);
      expect(r.registrationNumber).toBe(`${r.bookingReference}${String(r.position).padStart(2, '0')}`);
      expect(r.position).toBeGreaterThanOrEqual(1);
      expect(r.position).toBeLessThanOrEqual(r.orderSize);
      expect(r.quantity).toBe(1);
      expect(r.amount).toBeCloseTo(r.ticketPrice, 2);
      expect(r.participantInfo.firstName).toBeTruthy();
      expect(r.participantInfo.phone).toMatch(/^\+91[1-9]\d{9}$/);
      expect(r.participantInfo.emergencyContact?.phone).toMatch(/^\+91[1-9]\d{9}$/);
    }
    // The seed holds bookings of several attendees.
    expect(registrations.some((r) => r.orderSize > 1 && r.position > 1)).toBe(true);
    const checkedIn = registrations.filter((r) => r.status === 'Checked-In');
    expect(checkedIn.every((r) => r.checkInTime !== null)).toBe(true);
  });

  it('GET /api/admin/registrations/stats counts what the list shows', async () => {
    const stats = await get<RegistrationStats>('/api/admin/registrations/stats');
    const { registrations } = await get<{ registrations: Registration[] }>('/api/admin/registrations?pageSize=100');
    const count = (status: string) => registrations.filter((r) => r.status === status).length;
    expect(stats).toEqual({
      totalRegistrations: registrations.length,
      confirmedRegistrations: count('Confirmed'),
      pendingRegistrations: count('Pending'),
      cancelledRegistrations: count('Cancelled'),
      checkedInRegistrations: count('Checked-In'),
      paidRegistrations: registrations.filter((r) => r.paymentStatus === 'Paid').length,
      totalRevenue: registrations.filter((r) => r.paymentStatus === 'Paid').reduce((sum, r) => sum + r.amount, 0),
    });
    expect(stats.totalRevenue).toBeGreaterThan(0);
    // One event's figures: its registrations only.
    const eventId = registrations[0]!.eventId;
    const one = await get<RegistrationStats>(`/api/admin/registrations/stats?eventId=${eventId}`);
    expect(one.totalRegistrations).toBe(registrations.filter((r) => r.eventId === eventId).length);
  });

  it('GET /api/admin/insights/dashboard reports real counts', async () => {
    const summary = await get<DashboardSummary>('/api/admin/insights/dashboard');
    const { events } = await get<{ events: SportEvent[] }>('/api/admin/events?pageSize=100');
    const stats = await get<RegistrationStats>('/api/admin/registrations/stats');
    expect(summary.totalEvents).toBe(events.length);
    expect(summary.activeEvents).toBe(events.filter((e) => e.status === 'Active').length);
    expect(summary.totalRegistrations).toBe(stats.totalRegistrations);
    expect(summary.totalRevenue).toBe(stats.totalRevenue);
    expect(summary.cities).toBe(new Set(events.map((e) => e.location).filter((c) => c !== 'Online')).size);
    expect(summary.recentEvents).toHaveLength(5);
    expect(summary.topCities.length).toBeGreaterThan(0);
    expect(summary.topCities.some((c) => c.city === 'Online')).toBe(false);
    const regs = summary.topCities.map((c) => c.registrations);
    expect(regs).toEqual([...regs].sort((a, b) => b - a));
  });

  it('GET /api/admin/insights/analytics takes a period and refuses an unknown one', async () => {
    const all = await get<AnalyticsReport>('/api/admin/insights/analytics?period=all');
    const stats = await get<RegistrationStats>('/api/admin/registrations/stats');
    expect(all.period).toBe('all');
    expect(all.kpis.revenue.value).toBe(stats.totalRevenue);
    expect(all.monthly).toHaveLength(12);
    expect((await get<AnalyticsReport>('/api/admin/insights/analytics')).period).toBe('30d');
    const res = await t.app.request('/api/admin/insights/analytics?period=week', { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'validation_error', fields: { period: expect.any(String) } } });
  });
});

describe('seeded data is consistent', () => {
  it('sold on every ticket type equals its Paid attendees', async () => {
    const { tickets } = await get<{ tickets: Ticket[] }>('/api/admin/tickets?showExpired=true&pageSize=100');
    const { registrations } = await get<{ registrations: Registration[] }>('/api/admin/registrations?pageSize=100');
    for (const ticket of tickets) {
      const paid = registrations.filter((r) => r.ticketId === ticket.id && r.paymentStatus === 'Paid').length;
      expect(ticket.sold, ticket.name).toBe(paid);
      expect(ticket.sold).toBeLessThanOrEqual(ticket.quantity);
    }
    const soldOut = tickets.find((x) => x.status === 'Sold Out')!;
    expect(soldOut.available).toBe(0);
  });
});
