import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  indiaToday,
  ORGANISER_NOT_FOUND,
  ORGANISER_UPCOMING_EVENTS,
  type ApiErrorBody,
  type EventResponse,
  type EventsResponse,
  type EventStatus,
  type OrganiserResponse,
} from '../contract';
import { events, organisations } from '../db/schema';
import { createEvent } from '../services/events';
import { anEventInput } from '../testing/catalogue';
import { createTestOrganisation } from '../testing/organisations';
import { createTestApp, type TestApp } from '../testing/test-app';

const day = (offset: number) => indiaToday(new Date(Date.now() + offset * 86_400_000));

let t: TestApp;
let clubId: number;
/** The club's events by name. */
const ids: Record<string, number> = {};

async function addEvent(organisationId: number, name: string, date: string, status: EventStatus) {
  const input = anEventInput({ title: name, date, status: status === 'Cancelled' ? 'Active' : status });
  const event = await t.db.transaction((tx) => createEvent(tx, organisationId, input));
  // A cancelled event is one that was on sale (decision 025).
  if (status === 'Cancelled') await t.db.query((q) => q.update(events).set({ status }).where(eq(events.id, event.id)));
  ids[name] = event.id;
}

beforeAll(async () => {
  t = await createTestApp();
  clubId = await t.db.query((q) => createTestOrganisation(q, { slug: 'pune-hill-club', displayName: 'Pune Hill Club' }));
  await t.db.query((q) =>
    q
      .update(organisations)
      .set({ about: 'Hill runs around Pune.', contactPhone: '+91 98220 11111' })
      .where(eq(organisations.id, clubId)),
  );
  await addEvent(clubId, 'Sinhagad Climb', day(20), 'Active');
  await addEvent(clubId, 'Vetal Tekdi Dash', day(5), 'Active');
  await addEvent(clubId, 'Club Draft', day(10), 'Draft');
  await addEvent(clubId, 'Last Year Run', day(-300), 'Active');
  await addEvent(clubId, 'Monsoon Run', day(-30), 'Completed');
  await addEvent(clubId, 'Called Off', day(-10), 'Cancelled');
  const suspended = await t.db.query((q) =>
    createTestOrganisation(q, { slug: 'gone-quiet-club', displayName: 'Gone Quiet Club', status: 'suspended' }),
  );
  await addEvent(suspended, 'Suspended Club Run', day(15), 'Active');
});
afterAll(() => t.close());

async function organiser(slug: string) {
  const res = await t.app.request(`/api/organisers/${slug}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as OrganiserResponse).organiser;
}

async function error(path: string, status: number) {
  const res = await t.app.request(path);
  expect(res.status).toBe(status);
  return ((await res.json()) as ApiErrorBody).error;
}

async function list(query: string) {
  const res = await t.app.request(`/api/events${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as EventsResponse;
}

describe('GET /api/organisers/:slug', () => {
  it("answers an approved organiser's profile, its upcoming events soonest first and its past ones most recent first", async () => {
    const page = await organiser('pune-hill-club');
    expect(page).toMatchObject({
      slug: 'pune-hill-club',
      displayName: 'Pune Hill Club',
      // Another test adds to it (the answers follow the organisation's changes): its start stays.
      about: expect.stringMatching(/^Hill runs .*around Pune\.$/),
      logoUrl: null,
      contactEmail: 'pune-hill-club@tdk.test',
      contactPhone: '+91 98220 11111',
      state: '27',
      upcomingNextCursor: null,
    });
    expect(page.upcomingEvents.map((e) => e.title)).toEqual(['Vetal Tekdi Dash', 'Sinhagad Climb']);
    // Drafts are never shown, and a cancelled event did not take place.
    expect(page.pastEvents.map((e) => e.title)).toEqual(['Monsoon Run', 'Last Year Run']);
    for (const event of [...page.upcomingEvents, ...page.pastEvents]) {
      expect(event.organiser).toEqual({ slug: 'pune-hill-club', displayName: 'Pune Hill Club' });
    }
    // Nothing of another organiser's: no legal name, PAN or notes either.
    expect(JSON.stringify(page)).not.toMatch(/Suspended Club Run|Mumbai Road Runners|"pan"|legalName|platformNotes/);
  });

  it("shows the seeded demo organiser's own events only", async () => {
    const page = await organiser('bengaluru-football-league');
    expect(page.displayName).toBe('Bengaluru Football League');
    expect(page.upcomingEvents.length + page.pastEvents.length).toBeGreaterThan(0);
    for (const event of [...page.upcomingEvents, ...page.pastEvents])
      expect(event.organiser.slug).toBe('bengaluru-football-league');
  });

  it('takes a slug in any case as its lower-case form', async () => {
    expect((await organiser('Pune-Hill-Club')).slug).toBe('pune-hill-club');
  });

  it('answers 404 with the same words for an applied, a suspended and an unknown organiser', async () => {
    for (const slug of ['pune-trail-collective', 'gone-quiet-club', 'no-such-club']) {
      expect(await error(`/api/organisers/${slug}`, 404)).toEqual({ code: 'not_found', message: ORGANISER_NOT_FOUND });
    }
  });

  it('refuses a slug no organisation can have', async () => {
    expect((await error('/api/organisers/--bad--', 400)).code).toBe('validation_error');
  });

  it('is cached with an ETag, and a changed organisation is a new answer', async () => {
    const first = await t.app.request('/api/organisers/pune-hill-club');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.app.request('/api/organisers/pune-hill-club', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    await t.db.query((q) =>
      q
        .update(organisations)
        .set({ about: 'Hill runs and trail days around Pune.', updatedAt: new Date(Date.now() + 1000).toISOString() })
        .where(eq(organisations.id, clubId)),
    );
    expect((await organiser('pune-hill-club')).about).toBe('Hill runs and trail days around Pune.');
  });

  it('pages the upcoming events through the public list', async () => {
    const many = await t.db.query((q) => createTestOrganisation(q, { slug: 'busy-league', displayName: 'Busy League' }));
    for (let i = 1; i <= ORGANISER_UPCOMING_EVENTS + 2; i += 1) await addEvent(many, `Busy ${i}`, day(i), 'Active');
    const page = await organiser('busy-league');
    expect(page.upcomingEvents).toHaveLength(ORGANISER_UPCOMING_EVENTS);
    expect(page.upcomingNextCursor).toBeTruthy();
    const rest = await list(`?organiser=busy-league&limit=${ORGANISER_UPCOMING_EVENTS}&cursor=${page.upcomingNextCursor}`);
    expect(rest.events.map((e) => e.title)).toEqual([
      `Busy ${ORGANISER_UPCOMING_EVENTS + 1}`,
      `Busy ${ORGANISER_UPCOMING_EVENTS + 2}`,
    ]);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('the organiser an event names', () => {
  it('is in the event answer, beside its organisation id', async () => {
    const res = await t.app.request(`/api/events/${ids['Sinhagad Climb']}`);
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as EventResponse;
    expect(event.organisationId).toBe(clubId);
    expect(event.organiser).toEqual({
      slug: 'pune-hill-club',
      displayName: 'Pune Hill Club',
      legalName: 'Pune Hill Club',
      emailNotifications: true,
      retentionDays: 180,
      noticeVersion: 1,
    });
  });

  it("is on every item of the public list, each its own organisation's", async () => {
    const { events: listed } = await list('?limit=48');
    expect(listed.length).toBeGreaterThan(1);
    const all = await t.db.query((q) =>
      q.select({ id: organisations.id, slug: organisations.slug, displayName: organisations.displayName }).from(organisations),
    );
    const byId = new Map(all.map(({ id, ...organiser }) => [id, organiser]));
    for (const event of listed) expect(event.organiser).toEqual(byId.get(event.organisationId));
    expect(new Set(listed.map((event) => event.organiser.slug)).size).toBeGreaterThan(1);
  });
});

describe('GET /api/events?organiser=', () => {
  it("keeps that organiser's upcoming public events only", async () => {
    const { events: listed } = await list('?organiser=pune-hill-club');
    expect(listed.map((e) => e.title)).toEqual(['Vetal Tekdi Dash', 'Sinhagad Climb']);
  });

  it('combines with the other filters', async () => {
    expect((await list('?organiser=pune-hill-club&q=sinhagad')).events.map((e) => e.title)).toEqual(['Sinhagad Climb']);
    expect((await list('?organiser=pune-hill-club&category=football')).events).toEqual([]);
  });

  it("is an empty list for an unknown, applied or suspended organiser, nothing of another's", async () => {
    for (const slug of ['no-such-club', 'pune-trail-collective', 'gone-quiet-club']) {
      expect(await list(`?organiser=${slug}`)).toEqual({ events: [], nextCursor: null });
    }
  });

  it('refuses a value that is no slug', async () => {
    const res = await t.app.request('/api/events?organiser=%00bad');
    expect(res.status).toBe(400);
  });
});
