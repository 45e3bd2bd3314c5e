import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CURSOR_MESSAGE,
  EVENTS_PAGE_SIZE,
  encodeEventsCursor,
  hasEventEnded,
  indiaToday,
  type ApiErrorBody,
  type EventsResponse,
  type SportEvent,
  type Ticket,
} from '../contract';
import { events, ticketTypes } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function page(query = ''): Promise<EventsResponse> {
  const res = await t.app.request(`/api/events${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as EventsResponse;
}

/** Every page of the list, followed through nextCursor, `limit` at a time. */
async function pages(query = '', limit = 48): Promise<EventsResponse[]> {
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  const answers = [await page(`?${params}`)];
  while (answers.at(-1)!.nextCursor) {
    params.set('cursor', answers.at(-1)!.nextCursor!);
    answers.push(await page(`?${params}`));
    expect(answers.length).toBeLessThan(100);
  }
  return answers;
}

/** The whole list with these filters. */
async function list(query = ''): Promise<SportEvent[]> {
  return (await pages(query)).flatMap((p) => p.events);
}

async function error(path: string, status: number): Promise<ApiErrorBody['error']> {
  const res = await t.app.request(path);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  return ((await res.json()) as ApiErrorBody).error;
}

const draftId = async () => {
  const [draft] = await t.db.query((db) =>
    db.select({ id: events.id }).from(events).where(eq(events.status, 'Draft')).orderBy(events.id).limit(1),
  );
  return draft!.id;
};

/** Writes one change to an event straight to the database, as another instance or a script would. */
const setEvent = (id: number, values: Partial<typeof events.$inferInsert>) =>
  t.db.query((db) => db.update(events).set(values).where(eq(events.id, id)));
const setTicket = (id: number, values: Partial<typeof ticketTypes.$inferInsert>) =>
  t.db.query((db) => db.update(ticketTypes).set(values).where(eq(ticketTypes.id, id)));
/** The event's VIP Pavilion Pass row. */
const vipPass = async (eventId: number) => {
  const [vip] = await t.db.query((db) =>
    db
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.name, 'VIP Pavilion Pass'))),
  );
  return vip!;
};

describe('GET /api/events', () => {
  it('lists the published events that have not ended, soonest first', async () => {
    const all = await list();
    const stored = await t.db.query((db) => db.select().from(events));
    const today = indiaToday();
    const attendable = stored.filter((e) => e.status !== 'Draft' && !hasEventEnded(e));
    expect(all.map((e) => e.id).sort()).toEqual(attendable.map((e) => e.id).sort());
    expect(all.length).toBeGreaterThan(15);
    expect(all.some((e) => e.status === 'Draft' || e.status === 'Completed' || e.date < today)).toBe(false);
    // The seed has ended events (Completed, weeks ago): they are left out, not merely sorted last.
    expect(stored.some((e) => e.status === 'Completed')).toBe(true);
    const keys = all.map((e) => `${e.date} ${e.time} ${String(e.id).padStart(6, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('shows prices in rupees, with the lowest Active ticket as the starting price', async () => {
    const football = (await list('?q=Five-a-Side'))[0];
    // Early Bird 399 is Expired, so the cheapest Active ticket is the 499 Player Pass.
    expect(football.title).toBe('Mumbai Five-a-Side Football League');
    expect(football.price).toBe(499);
    expect(football.startingPrice).toBe(499);
    const footballTickets = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.eventId, football.id)));
    const footballActive = footballTickets.filter((r) => r.status === 'Active').map((r) => r.pricePaise / 100);
    expect(football.highestPrice).toBe(Math.max(...footballActive));
    expect(football.highestPrice).toBeGreaterThan(499);
    // Paid registrations: 2 Player Passes and 1 VIP pass.
    expect(football.registered).toBe(3);

    const tennis = (await list('?q=Chennai Open'))[0];
    // No Active ticket at all: nothing on sale, whatever the event's own price says (never 'Free').
    expect(tennis.startingPrice).toBeNull();
    expect(tennis.highestPrice).toBeNull();
  });

  it('keeps startingPrice and registered in step with the ticket rows', async () => {
    const [event] = await list('?q=Gurugram Tennis');
    const rows = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id)));
    const active = rows.filter((r) => r.status === 'Active').map((r) => r.pricePaise / 100);
    expect(event.startingPrice).toBe(Math.min(...active));
    expect(event.registered).toBe(rows.reduce((sum, r) => sum + r.sold, 0));
  });

  it('filters by category case-insensitively, with all or nothing meaning every category', async () => {
    const lower = await list('?category=football');
    const mixed = await list('?category=FootBall');
    expect(lower.length).toBeGreaterThanOrEqual(2);
    expect(lower.every((e) => e.category === 'Football')).toBe(true);
    expect(mixed.map((e) => e.id)).toEqual(lower.map((e) => e.id));
    expect(await list('?category=all')).toHaveLength((await list()).length);
    expect(await list('?category=')).toHaveLength((await list()).length);
    expect(await list('?category=Curling')).toEqual([]);
  });

  it('filters by city when the location contains it, with every Online event a buyer there can join', async () => {
    const mumbai = await list('?city=mumbai');
    const online = await list('?city=Online');
    expect(online.length).toBeGreaterThanOrEqual(2);
    expect(online.every((e) => e.location === 'Online' && e.venue === 'Online')).toBe(true);
    expect(mumbai.filter((e) => e.location === 'Mumbai').length).toBeGreaterThanOrEqual(2);
    expect(mumbai.filter((e) => e.location !== 'Mumbai').map((e) => e.id)).toEqual(online.map((e) => e.id));
    // A partial city name still matches (location contains the city).
    const gurugram = await list('?city=Gurug');
    expect(gurugram.some((e) => e.location === 'Gurugram')).toBe(true);
    expect(gurugram.every((e) => e.location === 'Gurugram' || e.location === 'Online')).toBe(true);
  });

  it('leaves out an ended event, Completed or past its day, and keeps one on its day', async () => {
    const [event] = await list('?q=Five-a-Side');
    const [original] = await t.db.query((db) => db.select().from(events).where(eq(events.id, event.id)));
    const ids = async () => (await list()).map((e) => e.id);
    try {
      await setEvent(event.id, { status: 'Completed' });
      expect(await ids()).not.toContain(event.id);
      await setEvent(event.id, { status: 'Active', date: '2020-01-01' });
      expect(await ids()).not.toContain(event.id);
      await setEvent(event.id, { date: indiaToday() });
      expect((await ids())[0]).toBe(event.id);
      // Its page stays reachable by its link.
      await setEvent(event.id, { status: 'Completed', date: '2020-01-01' });
      const res = await t.app.request(`/api/events/${event.id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { event: SportEvent }).event.status).toBe('Completed');
    } finally {
      await setEvent(event.id, { status: original!.status, date: original!.date });
    }
  });

  it('searches title, venue and category case-insensitively', async () => {
    expect((await list('?q=MARATHON')).map((e) => e.title)).toEqual(['Delhi Half Marathon Community Run']);
    const byVenue = await list('?q=shivaji park');
    expect(byVenue.map((e) => e.venue)).toEqual(['Shivaji Park, Dadar, Mumbai']);
    const byCategory = await list('?q=badminton');
    expect(byCategory.length).toBeGreaterThanOrEqual(1);
    expect(byCategory.every((e) => e.category === 'Badminton')).toBe(true);
    // Characters that are wildcards in LIKE are matched literally.
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=_')).toEqual([]);
  });

  it('combines filters', async () => {
    const rows = await list('?category=running&city=Online');
    expect(rows.map((e) => e.title)).toEqual(['Virtual Fitness Run 5K']);
  });

  it('never shows Draft events, even when a filter names them', async () => {
    expect(await list('?q=Swimathon')).toEqual([]);
    expect((await list('?category=hockey')).some((e) => e.status === 'Draft')).toBe(false);
  });

  it('sees a change to the data at once', async () => {
    const before = (await list('?city=Jaipur')).filter((e) => e.location === 'Jaipur');
    expect(before).toHaveLength(1);
    try {
      await setEvent(before[0].id, { status: 'Draft' });
      expect((await list('?city=Jaipur')).map((e) => e.id)).not.toContain(before[0].id);
    } finally {
      await setEvent(before[0].id, { status: before[0].status });
    }
    expect((await list('?city=Jaipur')).map((e) => e.id)).toContain(before[0].id);
  });

  it('gzips the list for clients that accept it', async () => {
    const plain = await t.app.request('/api/events');
    const zipped = await t.app.request('/api/events', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(await plain.text());
  });

  it('answers a repeat request with 304 when the ETag matches', async () => {
    const first = await t.app.request('/api/events');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.app.request('/api/events', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('rejects bad query values with 400 and the field', async () => {
    const script = await error('/api/events?category=%3Cscript%3E', 400);
    expect(script.code).toBe('validation_error');
    expect(script.fields).toEqual({ category: 'Category must be letters only' });
    const long = await error(`/api/events?q=${'a'.repeat(200)}`, 400);
    expect(long.fields).toEqual({ q: 'Search is too long' });
    const city = await error(`/api/events?city=${'x'.repeat(61)}`, 400);
    expect(Object.keys(city.fields!)).toEqual(['city']);
  });
});

describe('GET /api/events paging', () => {
  const ids = (events: SportEvent[]) => events.map((e) => e.id);

  it('answers the first page that fills the grid, with the cursor of the next', async () => {
    const all = await list();
    expect(all.length).toBeGreaterThan(EVENTS_PAGE_SIZE);
    const first = await page();
    expect(ids(first.events)).toEqual(ids(all.slice(0, EVENTS_PAGE_SIZE)));
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('reads the whole list page by page, in order, with no event twice and none missed', async () => {
    const all = await list();
    for (const limit of [1, 5, 7]) {
      const answers = await pages('', limit);
      expect(answers.slice(0, -1).every((p) => p.events.length === limit)).toBe(true);
      expect(ids(answers.flatMap((p) => p.events))).toEqual(ids(all));
      // The last page says so, and is never empty when the list is not.
      expect(answers.at(-1)!.nextCursor).toBeNull();
      expect(answers.at(-1)!.events.length).toBeGreaterThan(0);
    }
  });

  it('says there is no next page when one page holds the whole list', async () => {
    const all = await list();
    const whole = await page(`?limit=${all.length}`);
    expect(ids(whole.events)).toEqual(ids(all));
    expect(whole.nextCursor).toBeNull();
    expect(await page('?category=Curling')).toEqual({ events: [], nextCursor: null });
  });

  it('pages each filter on its own list', async () => {
    for (const query of ['city=Mumbai', 'category=football', 'q=run', 'category=running&city=Online']) {
      const filtered = (await page(`?${query}&limit=48`)).events;
      expect(filtered.length, query).toBeGreaterThan(0);
      const answers = await pages(query, 2);
      expect(ids(answers.flatMap((p) => p.events)), query).toEqual(ids(filtered));
    }
  });

  it('keeps its place when an event before the cursor is removed while a visitor reads', async () => {
    const all = await list();
    const first = await page('?limit=4');
    const removed = all[1];
    try {
      await setEvent(removed.id, { status: 'Draft' });
      const second = await page(`?limit=4&cursor=${first.nextCursor}`);
      // An OFFSET would now skip all[4]; the cursor goes on from all[3].
      expect(ids(second.events)).toEqual(ids(all.slice(4, 8)));
    } finally {
      await setEvent(removed.id, { status: removed.status });
    }
  });

  it('keeps pages apart in the cache and ETags', async () => {
    const first = await t.app.request('/api/events?limit=3');
    const { nextCursor } = (await first.clone().json()) as EventsResponse;
    const second = await t.app.request(`/api/events?limit=3&cursor=${nextCursor}`);
    const longer = await t.app.request('/api/events?limit=4');
    const etags = [first, second, longer].map((r) => r.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);
    const again = await t.app.request(`/api/events?limit=3&cursor=${nextCursor}`, { headers: { 'If-None-Match': etags[1]! } });
    expect(again.status).toBe(304);
  });

  it('rejects a limit that is not a whole number from 1 to 48, naming the field', async () => {
    const cases: [string, string][] = [
      ['abc', 'Limit must be a whole number'],
      ['2.5', 'Limit must be a whole number'],
      ['-1', 'Limit must be a whole number'],
      ['0', 'Limit must be at least 1'],
      ['49', 'Limit must be at most 48'],
      ['', 'Limit must be a whole number'],
    ];
    for (const [limit, message] of cases) {
      const body = await error(`/api/events?limit=${limit}`, 400);
      expect(body, limit).toEqual({ code: 'validation_error', message, fields: { limit: message } });
    }
  });

  it('rejects a cursor it did not write, naming the field', async () => {
    const bad = [
      'not-a-cursor!',
      'abc',
      btoa('2026-01-01|07:00'),
      btoa('2026-01-01|07:00|0'),
      btoa('2026-01-01|7 am|5'),
      btoa("2026-01-01|07:00|5' or 1=1"),
      'x'.repeat(200),
    ];
    for (const cursor of bad) {
      const body = await error(`/api/events?cursor=${encodeURIComponent(cursor)}`, 400);
      expect(body, cursor).toEqual({ code: 'validation_error', message: CURSOR_MESSAGE, fields: { cursor: CURSOR_MESSAGE } });
    }
    // A well-formed cursor past the end is simply an empty last page.
    expect(await page(`?cursor=${encodeEventsCursor({ date: '2999-12-31', time: '23:59', id: 1 })}`)).toEqual({
      events: [],
      nextCursor: null,
    });
  });
});

describe('GET /api/events/:id', () => {
  it('returns the event with every field the frontend reads', async () => {
    const [first] = await list('?q=Five-a-Side');
    const res = await t.app.request(`/api/events/${first.id}`);
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as { event: SportEvent };
    // The list's fields, and the organiser it names (decision 055): the seller and data fiduciary.
    const { organiser, ...listed } = event;
    const { organiser: listedOrganiser, ...fromList } = first;
    expect(listed).toEqual(fromList);
    expect(listedOrganiser).toEqual({ slug: 'mumbai-road-runners', displayName: 'Mumbai Road Runners' });
    expect(organiser).toEqual({
      slug: 'mumbai-road-runners',
      displayName: 'Mumbai Road Runners',
      legalName: 'Mumbai Road Runners Sports Foundation',
      // Its Email Notifications and retention period, which the registration form states (decision 056).
      emailNotifications: true,
      retentionDays: 180,
      // Its part of the privacy notice's version (decision 061), sent back with the consent.
      noticeVersion: 1,
    });
    expect(event).toMatchObject({
      venue: 'Cooperage Football Ground, Colaba, Mumbai',
      location: 'Mumbai',
      // The organiser's name is its organisation's (decision 061), not a second text of the event's.
      organizer: 'Mumbai Road Runners',
      imageUrl: null,
    });
    expect(event.highlights.length).toBeGreaterThan(0);
    expect(event.rules.length).toBeGreaterThan(0);
    expect(event.contactEmail).toMatch(/@/);
  });

  it('answers from the cache with an ETag, and sees a change at once', async () => {
    const [event] = await list('?q=Five-a-Side');
    const first = await t.app.request(`/api/events/${event.id}`, { headers: { 'Accept-Encoding': 'gzip' } });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // Gzipped for a browser that takes it, once the body is worth it (http/db-cache.ts).
    const body =
      first.headers.get('content-encoding') === 'gzip'
        ? JSON.parse(gunzipSync(new Uint8Array(await first.arrayBuffer())).toString())
        : await first.json();
    expect((body as { event: SportEvent }).event).toEqual({
      ...event,
      organiser: {
        ...event.organiser,
        legalName: 'Mumbai Road Runners Sports Foundation',
        emailNotifications: true,
        retentionDays: 180,
        noticeVersion: 1,
      },
    });
    expect((await t.app.request(`/api/events/${event.id}`, { headers: { 'If-None-Match': etag! } })).status).toBe(304);
    try {
      await setEvent(event.id, { title: 'Monsoon Football League, renamed' });
      const renamed = await t.app.request(`/api/events/${event.id}`, { headers: { 'If-None-Match': etag! } });
      expect(renamed.status).toBe(200);
      expect(((await renamed.json()) as { event: SportEvent }).event.title).toBe('Monsoon Football League, renamed');
      await setEvent(event.id, { status: 'Draft' });
      expect((await t.app.request(`/api/events/${event.id}`)).status).toBe(404);
    } finally {
      await setEvent(event.id, { title: event.title, status: event.status });
    }
    expect((await t.app.request(`/api/events/${event.id}`)).status).toBe(200);
  });

  it('404s for an unknown or Draft event', async () => {
    expect(await error('/api/events/99999', 404)).toEqual({ code: 'not_found', message: 'Event not found' });
    expect(await error(`/api/events/${await draftId()}`, 404)).toEqual({ code: 'not_found', message: 'Event not found' });
  });

  it('400s for an id that is not a positive whole number', async () => {
    for (const id of ['abc', '1.5', '0', '-3']) {
      const body = await error(`/api/events/${id}`, 400);
      expect(body.code).toBe('validation_error');
      expect(body.fields?.id).toBeTruthy();
    }
  });
});

describe('GET /api/events/:id/tickets', () => {
  it('lists only Active tickets, with availability', async () => {
    const [event] = await list('?q=Five-a-Side');
    const res = await t.app.request(`/api/events/${event.id}/tickets`);
    expect(res.status).toBe(200);
    const { tickets } = (await res.json()) as { tickets: Ticket[] };
    expect(tickets.map((x) => x.name)).toEqual(['Player Pass', 'VIP Pavilion Pass']);
    expect(tickets.every((x) => x.status === 'Active' && x.eventId === event.id)).toBe(true);
    const vip = tickets[1];
    expect(vip).toMatchObject({ price: 1499, quantity: 40, sold: 1, held: 0, available: 39, eventName: event.title });
  });

  it('answers a repeat request with 304 while nothing changed, and the new counts once a seat is held', async () => {
    const [event] = await list('?q=Five-a-Side');
    const path = `/api/events/${event.id}/tickets`;
    const etag = (await t.app.request(path)).headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await t.app.request(path, { headers: { 'If-None-Match': etag! } })).status).toBe(304);
    const vip = await vipPass(event.id);
    await setTicket(vip.id, { held: 1 });
    try {
      const changed = await t.app.request(path, { headers: { 'If-None-Match': etag! } });
      expect(changed.status).toBe(200);
      const { tickets } = (await changed.json()) as { tickets: Ticket[] };
      expect(tickets.find((x) => x.id === vip.id)!.held).toBe(1);
    } finally {
      await setTicket(vip.id, { held: 0 });
    }
  });

  it('counts held seats against availability and never goes below zero', async () => {
    const [event] = await list('?q=Five-a-Side');
    const vip = await vipPass(event.id);
    try {
      await setTicket(vip.id, { held: 5 });
      let tickets = ((await (await t.app.request(`/api/events/${event.id}/tickets`)).json()) as { tickets: Ticket[] }).tickets;
      expect(tickets.find((x) => x.id === vip.id)!.available).toBe(vip.quantity - vip.sold - 5);
      await setTicket(vip.id, { held: 100 });
      tickets = ((await (await t.app.request(`/api/events/${event.id}/tickets`)).json()) as { tickets: Ticket[] }).tickets;
      expect(tickets.find((x) => x.id === vip.id)!.available).toBe(0);
    } finally {
      await setTicket(vip.id, { held: 0 });
    }
  });

  it('offers no tickets of an event whose tickets are all Upcoming', async () => {
    const [tennis] = await list('?q=Chennai Open');
    const { tickets } = (await (await t.app.request(`/api/events/${tennis.id}/tickets`)).json()) as { tickets: Ticket[] };
    expect(tickets).toEqual([]);
  });

  it('404s for a Draft or unknown event, even when it has Active tickets', async () => {
    const draft = await draftId();
    const hasActive = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.eventId, draft)));
    expect(hasActive.some((x) => x.status === 'Active')).toBe(true);
    expect((await error(`/api/events/${draft}/tickets`, 404)).message).toBe('Event not found');
    expect((await error('/api/events/424242/tickets', 404)).message).toBe('Event not found');
  });
});
