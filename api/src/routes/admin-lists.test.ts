// Events and Tickets Management's lists, paged on the server (issue 14): each page, order, search
// and filter against what the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminEventPage,
  AdminTicketPage,
  ApiErrorBody,
  EventInput,
  EventOption,
  EventResponse,
  TicketResponse,
  TicketSummary,
} from '../contract';
import { events, orders, registrations, ticketTypes } from '../db/schema';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { anEventInput } from '../testing/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testOrganisationId } from '../testing/organisations';
import { inOwnEvents, ownEvents, organisationOfEvent } from '../db/tenancy';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

// Read as a manager: the lists' revenue figures are for managers and admins (decision 047;
// roles-by-need.test.ts checks what support and gate staff get).
const get = async <T>(path: string) => {
  const res = await t.app.request(path, { headers: { cookie: manager } });
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
};
const post = async <T>(path: string, body: unknown) =>
  (await (await t.app.request(path, jsonRequest('POST', body, manager))).json()) as T;

const anEvent = (title: string, overrides: Partial<EventInput> = {}) => anEventInput({ title, highlights: [], ...overrides });

/** Every page of a list, walked with its own page numbers. */
async function everyPage(path: string): Promise<AdminEventPage> {
  const first = await get<AdminEventPage>(`${path}&page=1`);
  const all = [...first.body.events];
  for (let page = 2; page <= Math.ceil(first.body.total / first.body.pageSize); page++) {
    all.push(...(await get<AdminEventPage>(`${path}&page=${page}`)).body.events);
  }
  return { ...first.body, events: all };
}

describe('GET /api/admin/events', () => {
  it('pages every event, drafts included, soonest first, each exactly once', async () => {
    const stored = await t.db.query(async (db) =>
      db
        .select()
        .from(events)
        .where(ownEvents(await testOrganisationId(db))),
    );
    const first = await get<AdminEventPage>('/api/admin/events');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: stored.length, page: 1, pageSize: 10 });
    expect(first.body.events).toHaveLength(Math.min(10, stored.length));
    const all = await everyPage('/api/admin/events?pageSize=4');
    expect(all.events.map((e) => e.id).sort((a, b) => a - b)).toEqual(stored.map((e) => e.id).sort((a, b) => a - b));
    const whens = all.events.map((e) => `${e.date} ${e.time}`);
    expect(whens).toEqual([...whens].sort());
    // A page past the end is the last page, not an empty one.
    const last = await get<AdminEventPage>('/api/admin/events?pageSize=4&page=999');
    expect(last.body.page).toBe(Math.ceil(stored.length / 4));
    expect(last.body.events.length).toBeGreaterThan(0);
  });

  it("shows each event the money its paid attendees' orders took and its tickets sold, never an estimate", async () => {
    const { event } = await post<EventResponse>(
      '/api/admin/events',
      anEvent('Chilika Paddle', { price: 900, maxParticipants: 300 }),
    );
    const order = (id: string, status: 'PAID' | 'CREATED' | 'FAILED' | 'EXPIRED', amountPaise: number) => ({
      id,
      eventId: event.id,
      status,
      amountPaise,
      holdExpiresAt: '2030-01-01T00:00:00.000Z',
      customerName: 'Buyer',
      customerEmail: 'buyer@example.in',
      customerPhone: '9820000000',
      participant: {},
    });
    await t.db.query((db) =>
      db
        .insert(orders)
        .values([
          order('TDK_CHILIKA_1', 'PAID', 149_900),
          order('TDK_CHILIKA_2', 'PAID', 89_950),
          order('TDK_CHILIKA_3', 'CREATED', 500_000),
          order('TDK_CHILIKA_4', 'FAILED', 500_000),
          order('TDK_CHILIKA_5', 'EXPIRED', 500_000),
        ]),
    );
    // The paid orders' attendees count by what each paid (decision 036); a registration from before
    // orders, paid, counts by its own amount; an unpaid one does not.
    const attendee = (
      registrationNumber: string,
      paymentStatus: 'Paid' | 'Pending',
      amountPaise: number,
      orderId: string | null,
    ) => ({
      registrationNumber,
      orderId,
      eventId: event.id,
      organisationId: organisationOfEvent(event.id),
      ticketName: 'General',
      ticketPricePaise: amountPaise,
      amountPaise,
      paymentStatus,
      status: 'Confirmed' as const,
      qrCode: registrationNumber,
    });
    await t.db.query((db) =>
      db
        .insert(registrations)
        .values([
          attendee('REGCHILIKA101', 'Paid', 149_900, 'TDK_CHILIKA_1'),
          attendee('REGCHILIKA201', 'Paid', 89_950, 'TDK_CHILIKA_2'),
          attendee('REGCHILIKAOLD1', 'Paid', 50_000, null),
          attendee('REGCHILIKAOLD2', 'Pending', 50_000, null),
        ]),
    );
    const { body } = await get<AdminEventPage>('/api/admin/events?search=chilika');
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({ moneyTaken: 2898.5, registered: 0, maxParticipants: 300 });
  });

  it('sorts on the server by each column, either way, ties by id', async () => {
    const stored = await t.db.query(async (db) =>
      db
        .select()
        .from(events)
        .where(ownEvents(await testOrganisationId(db))),
    );
    const attendees = await t.db.query(async (db) =>
      db
        .select()
        .from(registrations)
        .where(inOwnEvents(registrations.eventId, await testOrganisationId(db))),
    );
    const taken = (id: number) =>
      attendees
        .filter((r) => r.eventId === id && (r.paymentStatus === 'Paid' || r.paymentStatus === 'Refunded'))
        .reduce((n, r) => n + r.amountPaise - r.refundedPaise, 0);
    const byRevenue = [...stored].sort((a, b) => taken(a.id) - taken(b.id) || a.id - b.id);
    expect((await everyPage('/api/admin/events?sort=revenue&pageSize=7')).events.map((e) => e.id)).toEqual(
      byRevenue.map((e) => e.id),
    );
    const byTitleDesc = [...stored].sort((a, b) =>
      a.title.toLowerCase() === b.title.toLowerCase() ? b.id - a.id : a.title.toLowerCase() < b.title.toLowerCase() ? 1 : -1,
    );
    expect((await everyPage('/api/admin/events?sort=title&direction=desc&pageSize=7')).events.map((e) => e.id)).toEqual(
      byTitleDesc.map((e) => e.id),
    );
    const participants = (await everyPage('/api/admin/events?sort=participants&pageSize=50')).events.map(
      (e) => e.maxParticipants,
    );
    expect(participants).toEqual([...participants].sort((a, b) => a - b));
    const bad = await get('/api/admin/events?sort=price&direction=up');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('sort');
    expect(bad.body.error.fields).toHaveProperty('direction');
  });

  it('searches title, city and category in any case; follows edits; refuses fewer than 3 characters', async () => {
    const { event } = await post<EventResponse>('/api/admin/events', anEvent('Vembanad "Lake" 100% Swim_Off'));
    for (const search of ['vembanad', 'LAKE" 100%', '% swim_', 'kochi', 'swimm']) {
      const { body } = await get<AdminEventPage>(`/api/admin/events?pageSize=100&search=${encodeURIComponent(search)}`);
      expect(
        body.events.map((e) => e.id),
        search,
      ).toContain(event.id);
      expect(body.total).toBe(body.events.length);
    }
    expect((await get<AdminEventPage>('/api/admin/events?search=vembanad%20x')).body.total).toBe(0);
    await t.app.request(
      `/api/admin/events/${event.id}`,
      jsonRequest('PUT', { ...anEvent('Ashtamudi Swim'), updatedAt: event.updatedAt }, manager),
    );
    expect((await get<AdminEventPage>('/api/admin/events?search=vembanad')).body.total).toBe(0);
    expect((await get<AdminEventPage>('/api/admin/events?search=ashtamudi')).body.events.map((e) => e.id)).toEqual([event.id]);
    const short = await get('/api/admin/events?search=ko');
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ search: 'Type at least 3 characters to search' });
  });

  it('GET /api/admin/events/options gives every event for a picker, soonest first', async () => {
    const stored = await t.db.query(async (db) =>
      db
        .select()
        .from(events)
        .where(ownEvents(await testOrganisationId(db))),
    );
    const { body } = await get<{ events: EventOption[] }>('/api/admin/events/options');
    expect(body.events).toHaveLength(stored.length);
    expect(Object.keys(body.events[0]!).sort()).toEqual(['date', 'id', 'status', 'title']);
    const dates = body.events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('GET /api/admin/tickets', () => {
  it('pages ticket types newest first, hiding those outside their window unless asked', async () => {
    const { event } = await post<EventResponse>('/api/admin/events', anEvent('Periyar Trail Run'));
    const ended = await post<TicketResponse>('/api/admin/tickets', {
      eventId: event.id,
      name: 'Kuttanad Pass',
      description: '',
      category: 'Student',
      price: 199,
      quantity: 10,
      status: 'Active',
      validFrom: '2020-01-01',
      validUntil: '2020-02-01',
    });
    const current = await post<TicketResponse>('/api/admin/tickets', {
      eventId: event.id,
      name: 'Trail Entry',
      description: '',
      category: 'General',
      price: 99,
      quantity: 10,
      status: 'Active',
    });
    const stored = await t.db.query(async (db) =>
      db
        .select()
        .from(ticketTypes)
        .where(inOwnEvents(ticketTypes.eventId, await testOrganisationId(db))),
    );
    const withExpired = await get<AdminTicketPage>('/api/admin/tickets?showExpired=true&pageSize=100');
    expect(withExpired.body.total).toBe(stored.length);
    const created = withExpired.body.tickets.map((x) => x.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const shown = await get<AdminTicketPage>('/api/admin/tickets?pageSize=100');
    expect(shown.body.tickets.map((x) => x.id)).toContain(current.ticket.id);
    expect(shown.body.tickets.map((x) => x.id)).not.toContain(ended.ticket.id);
    const paged = await get<AdminTicketPage>('/api/admin/tickets?showExpired=true&pageSize=3&page=2');
    expect(paged.body.tickets.map((x) => x.id)).toEqual(withExpired.body.tickets.slice(3, 6).map((x) => x.id));

    // The search finds a ticket by its name, its category or its event's name, any case.
    for (const [search, expected] of [
      ['kuttanad', [ended.ticket.id]],
      ['PERIYAR TRAIL', [current.ticket.id, ended.ticket.id]],
    ] as const) {
      const { body } = await get<AdminTicketPage>(`/api/admin/tickets?showExpired=true&search=${encodeURIComponent(search)}`);
      expect(
        body.tickets.map((x) => x.id).sort((a, b) => a - b),
        search,
      ).toEqual([...expected].sort((a, b) => a - b));
    }
    const students = (await get<AdminTicketPage>('/api/admin/tickets?showExpired=true&pageSize=100&search=STUDENT')).body;
    expect(students.tickets.map((x) => x.id)).toContain(ended.ticket.id);
    expect(students.tickets.every((x) => `${x.name} ${x.category} ${x.eventName}`.toLowerCase().includes('student'))).toBe(true);
    expect(students.total).toBe(
      stored.filter((x) => x.category === 'Student' || x.name.toLowerCase().includes('student')).length,
    );
    expect((await get('/api/admin/tickets?showExpired=yes')).status).toBe(400);
  });

  it('GET /api/admin/tickets/summary sums every ticket type', async () => {
    const stored = await t.db.query(async (db) =>
      db
        .select()
        .from(ticketTypes)
        .where(inOwnEvents(ticketTypes.eventId, await testOrganisationId(db))),
    );
    const attendees = await t.db.query(async (db) =>
      db
        .select()
        .from(registrations)
        .where(inOwnEvents(registrations.eventId, await testOrganisationId(db))),
    );
    // Active as the list shows it (decision 036): on sale, within its days, a seat left.
    const listed = await get<AdminTicketPage>('/api/admin/tickets?showExpired=true&pageSize=100');
    expect(listed.body.total).toBe(stored.length);
    const active = listed.body.tickets.filter((x) => x.status === 'Active');
    expect(active.length).toBeLessThan(stored.length);
    const { body } = await get<TicketSummary>('/api/admin/tickets/summary');
    expect(body).toEqual({
      activeQuantity: active.reduce((n, x) => n + x.quantity, 0),
      activeTypes: active.length,
      sold: stored.reduce((n, x) => n + x.sold, 0),
      available: stored.reduce((n, x) => n + Math.max(0, x.quantity - x.sold), 0),
      // The money taken (decision 036), not seats times a price.
      revenue:
        attendees
          .filter((r) => r.paymentStatus === 'Paid' || r.paymentStatus === 'Refunded')
          .reduce((n, r) => n + r.amountPaise - r.refundedPaise, 0) / 100,
    });
  });
});

describe('a search matching more than the lists count (decision 018)', () => {
  let crowd: TestApp;
  let staff: string;
  beforeAll(async () => {
    crowd = await createTestApp({}, { seed: false });
    staff = await staffCookie(crowd, 'support');
    // 1,030 events whose title has the word and 1,030 ticket types whose name has it, written
    // straight to the tables (the API would take minutes), plus one of each that does not match.
    await crowd.db.transaction(async (tx) => {
      const base = {
        description: '',
        time: '06:00',
        venue: 'Maidan',
        location: 'Kolkata',
        category: 'Running',
        maxParticipants: 100,
        organisationId: await testOrganisationId(tx),
      };
      const written = await tx
        .insert(events)
        .values([
          ...Array.from({ length: 1030 }, (_, i) => ({
            ...base,
            title: `Crowdrun ${i}`,
            date: `2031-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
          })),
          { ...base, title: 'Quiet Walk', date: '2031-01-01' },
        ])
        .returning({ id: events.id });
      await tx.insert(ticketTypes).values([
        ...Array.from({ length: 1030 }, (_, i) => ({
          eventId: written[i]!.id,
          organisationId: organisationOfEvent(written[i]!.id),
          name: `Crowdpass ${i}`,
          category: 'General',
          quantity: 10,
        })),
        {
          eventId: written[1030]!.id,
          organisationId: organisationOfEvent(written[1030]!.id),
          name: 'Quiet pass',
          category: 'General',
          quantity: 10,
        },
      ]);
    });
  });
  afterAll(() => crowd.close());
  const listed = async <T>(path: string) => {
    const res = await crowd.app.request(path, { headers: { cookie: staff } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  it('answers "1,000+" for events, gives the page asked for, and counts exactly a page past the end', async () => {
    const first = await listed<AdminEventPage>('/api/admin/events?search=crowdrun&pageSize=25');
    expect(first).toMatchObject({ total: 1000, totalIsAtLeast: true, page: 1 });
    expect(first.events).toHaveLength(25);
    // Past the cap: at least the rows up to the page, the page itself in the list's order.
    const later = await listed<AdminEventPage>('/api/admin/events?search=crowdrun&pageSize=25&page=41');
    expect(later).toMatchObject({ total: 1025, totalIsAtLeast: true, page: 41 });
    expect(later.events).toHaveLength(25);
    const last = await listed<AdminEventPage>('/api/admin/events?search=crowdrun&pageSize=25&page=42');
    expect(last).toMatchObject({ total: 1030, page: 42 });
    expect(last.totalIsAtLeast).toBeUndefined();
    expect(last.events).toHaveLength(5);
    // Without a search every event is counted, exactly.
    const all = await listed<AdminEventPage>('/api/admin/events?pageSize=25');
    expect(all.total).toBe(1031);
    expect(all.totalIsAtLeast).toBeUndefined();
    const narrow = await listed<AdminEventPage>('/api/admin/events?search=quiet');
    expect(narrow).toMatchObject({ total: 1 });
    expect(narrow.totalIsAtLeast).toBeUndefined();
  });

  it('answers "1,000+" for ticket types the same way', async () => {
    const first = await listed<AdminTicketPage>('/api/admin/tickets?search=crowdpass&pageSize=25');
    expect(first).toMatchObject({ total: 1000, totalIsAtLeast: true, page: 1 });
    expect(first.tickets.every((x) => x.name.startsWith('Crowdpass'))).toBe(true);
    const beyond = await listed<AdminTicketPage>('/api/admin/tickets?search=crowdpass&pageSize=25&page=99');
    expect(beyond).toMatchObject({ total: 1030, page: 42 });
    expect(beyond.totalIsAtLeast).toBeUndefined();
    expect((await listed<AdminTicketPage>('/api/admin/tickets?pageSize=25')).total).toBe(1031);
  });
});
