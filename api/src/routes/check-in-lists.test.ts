// Check-in lists (issue 43, decision 065): entry, kit and the organiser's own lists; once per list,
// kit collection with what was handed over, counts per list and gate, scoped to the organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  ApiErrorBody,
  CheckInCountsResponse,
  CheckInListResponse,
  CheckInListsResponse,
  CheckInListView,
  CheckInSyncResponse,
  StandingCheckIn,
} from '../contract';
import { auditLog, checkIns, events, registrations } from '../db/schema';
import { createCheckoutTestApp, seedCheckoutEvent, buyTicket, staffCookie, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { staffCookie as staffCookieIn } from '../testing/staff-session';
import { createTestOrganisation } from '../testing/organisations';
import { signedTicketCode } from '../services/ticket-codes';

let t: CheckoutTestApp;
let manager: string;
let coordinator: string;
const indiaDay = (offsetDays = 0) => new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createCheckoutTestApp();
  manager = await staffCookie(t, 'manager');
  coordinator = await staffCookie(t, 'coordinator');
});
afterAll(() => t.close());

/** An event of its own on `date` (today by default), with its ticket types. */
async function eventOn(title: string, date = indiaDay()) {
  const ids = await seedCheckoutEvent(t, { title });
  await t.db.query((db) => db.update(events).set({ date }).where(eq(events.id, ids.eventId)));
  return ids;
}

async function buy(eventId: number, ticketId: number, email: string) {
  const row = await buyTicket(t, { eventId, ticketId, participant: { email, tshirtSize: 'M' } });
  return { ...row, code: signedTicketCode(t.env, row.registrationNumber, row.eventId) };
}

const call = async <T>(method: string, path: string, body: unknown, cookie: string) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & ApiErrorBody };
};

const scan = (body: Record<string, unknown>) =>
  call<{ registration: { status: string }; checkIn: StandingCheckIn; attendee?: { name: string } }>(
    'POST',
    '/api/admin/registrations/check-in',
    body,
    coordinator,
  );

async function addList(eventId: number, name: string, ticketTypeIds: number[] = []) {
  const made = await call<{ list: CheckInListView }>(
    'POST',
    `/api/admin/events/${eventId}/check-in-lists`,
    { name, ticketTypeIds },
    manager,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.list;
}

describe('an event’s check-in lists', () => {
  it('has entry and kit built in; a manager adds, renames and deletes a list of its own, each change audited', async () => {
    const ids = await eventOn('Lists Marathon');
    const vip = await addList(ids.eventId, 'VIP enclosure', [ids.vip]);
    expect(vip).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'VIP enclosure', builtIn: false, ticketTypeIds: [ids.vip] });
    const listed = await call<CheckInListsResponse>(
      'GET',
      `/api/admin/events/${ids.eventId}/check-in-lists`,
      undefined,
      coordinator,
    );
    expect(listed.body.lists.map((l) => l.id)).toEqual(['entry', 'kit', vip.id]);

    const renamed = await call<{ list: CheckInListView }>(
      'PUT',
      `/api/admin/events/${ids.eventId}/check-in-lists/${vip.id}`,
      { name: 'Day 2', ticketTypeIds: [] },
      manager,
    );
    expect(renamed.body.list).toMatchObject({ name: 'Day 2', ticketTypeIds: [] });
    const removed = await call('DELETE', `/api/admin/events/${ids.eventId}/check-in-lists/${vip.id}`, undefined, manager);
    expect(removed.status).toBe(204);
    const after = await call<CheckInListsResponse>('GET', `/api/admin/events/${ids.eventId}/check-in-lists`, undefined, manager);
    expect(after.body.lists.map((l) => l.id)).toEqual(['entry', 'kit']);
    const audit = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'check_in_list'), eq(auditLog.entityId, vip.id))),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it("refuses another event's ticket type, a list of another event, and a coordinator's change", async () => {
    const ids = await eventOn('Lists Half');
    const bad = await call(
      'POST',
      `/api/admin/events/${ids.eventId}/check-in-lists`,
      { name: 'X', ticketTypeIds: [ids.otherEvents] },
      manager,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ ticketTypeIds: 'Choose ticket types of this event' });
    const other = await eventOn('Lists Other');
    const list = await addList(other.eventId, 'Other VIP');
    const wrongEvent = await call('PUT', `/api/admin/events/${ids.eventId}/check-in-lists/${list.id}`, { name: 'Y' }, manager);
    expect(wrongEvent.status).toBe(404);
    const denied = await call('POST', `/api/admin/events/${ids.eventId}/check-in-lists`, { name: 'Z' }, coordinator);
    expect(denied.status).toBe(403);
  });
});

describe('checking in on a list', () => {
  it('admits an attendee once per list: entry, kit and an organiser’s list each once; a second scan says when, where and who', async () => {
    const ids = await eventOn('Once Per List 10K');
    const day2 = await addList(ids.eventId, 'Day 2');
    const reg = await buy(ids.eventId, ids.general, 'once-per-list@example.com');
    for (const [list, gate] of [
      ['entry', 'North Gate'],
      ['kit', 'Expo Desk 1'],
      [day2.id, 'Day 2 Gate'],
    ] as const) {
      const first = await scan({ code: reg.code, gate, eventId: ids.eventId, list });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.checkIn).toMatchObject({ list, gate });
    }
    const again = await scan({ code: reg.code, gate: 'Expo Desk 2', eventId: ids.eventId, list: 'kit' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^Already checked in at .+ by Expo Desk 1$/);
    expect(again.body.checkIn).toMatchObject({
      list: 'kit',
      gate: 'Expo Desk 1',
      staffEmail: expect.stringMatching(/coordinator/),
    });
    expect(again.body.attendee?.name).toBeTruthy();
    const rows = await t.db.query((db) => db.select().from(checkIns).where(eq(checkIns.registrationId, reg.id)));
    expect(rows.map((r) => r.list).sort()).toEqual(['entry', 'kit', day2.id].sort());
  });

  it('records what the expo desk handed over with the kit, days before the race, and leaves the attendee’s status alone', async () => {
    const ids = await eventOn('Kit Expo Marathon', indiaDay(2));
    const reg = await buy(ids.eventId, ids.general, 'kit-items@example.com');
    const kit = await scan({ code: reg.code, gate: 'Expo Desk 1', eventId: ids.eventId, list: 'kit', items: ['tshirt', 'bib'] });
    expect(kit.status, JSON.stringify(kit.body)).toBe(200);
    expect(kit.body.checkIn).toMatchObject({ list: 'kit', items: ['bib', 'tshirt'], collectorName: null });
    expect(kit.body.registration.status).toBe('Confirmed');
    const [row] = await t.db.query((db) =>
      db
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.registrationId, reg.id), eq(checkIns.list, 'kit'))),
    );
    expect(JSON.parse(row!.items!)).toEqual(['bib', 'tshirt']);
    // Race-day entry is not open yet: the event is not today.
    const entry = await scan({ code: reg.code, gate: 'North Gate', eventId: ids.eventId });
    expect(entry.status).toBe(422);
    expect(entry.body.error.message).toBe('This event is not today');
    const [stored] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, reg.id)));
    expect(stored!.status).toBe('Confirmed');
  });

  it('refuses kit collection once the event is over, and an item it does not know', async () => {
    const ids = await eventOn('Kit Closed Run');
    const reg = await buy(ids.eventId, ids.general, 'kit-late@example.com');
    // The race was yesterday.
    await t.db.query((db) =>
      db
        .update(events)
        .set({ date: indiaDay(-1) })
        .where(eq(events.id, ids.eventId)),
    );
    const late = await scan({ code: reg.code, gate: 'Expo', eventId: ids.eventId, list: 'kit', items: ['bib'] });
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe('Kit collection has closed: the event is over');
    const unknown = await scan({ code: reg.code, gate: 'Expo', eventId: ids.eventId, list: 'kit', items: ['trophy'] });
    expect(unknown.status).toBe(400);
  });

  it('refuses a ticket type the list does not admit, and a list of another event or organisation', async () => {
    const ids = await eventOn('VIP Only Night');
    const vipOnly = await addList(ids.eventId, 'VIP enclosure', [ids.vip]);
    const general = await buy(ids.eventId, ids.general, 'not-vip@example.com');
    const refused = await scan({ code: general.code, gate: 'VIP Gate', eventId: ids.eventId, list: vipOnly.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('This ticket is not on this list');

    const other = await eventOn('Someone Else Night');
    const otherList = await addList(other.eventId, 'Other VIP');
    const wrong = await scan({ code: general.code, gate: 'VIP Gate', eventId: ids.eventId, list: otherList.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe('This event has no such check-in list');

    // Another organisation's list is unknown here, even named without an event.
    const bravo = await t.db.query((db) => createTestOrganisation(db, { slug: 'lists-bravo', displayName: 'Lists Bravo' }));
    const bravoEvent = await seedCheckoutEvent(t, { title: 'Bravo Lists', organisationId: bravo });
    const bravoManager = await staffCookieIn(t, 'manager', 'manager@lists-bravo.test', { organisationId: bravo });
    const made = await call<{ list: CheckInListView }>(
      'POST',
      `/api/admin/events/${bravoEvent.eventId}/check-in-lists`,
      { name: 'Bravo VIP' },
      bravoManager,
    );
    expect(made.status).toBe(201);
    const foreign = await scan({ code: general.code, gate: 'VIP Gate', list: made.body.list.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.message).toBe('This event has no such check-in list');
    const counts = await call('GET', `/api/admin/events/${bravoEvent.eventId}/check-in-counts`, undefined, manager);
    expect(counts.status).toBe(404);
    const ownLists = await call<CheckInListsResponse>(
      'GET',
      `/api/admin/events/${bravoEvent.eventId}/check-in-lists`,
      undefined,
      manager,
    );
    expect(ownLists.status).toBe(404);
  });

  it('counts each list’s admissions by gate against the attendees it admits', async () => {
    const ids = await eventOn('Counted Run');
    const vip = await addList(ids.eventId, 'VIP enclosure', [ids.vip]);
    const a = await buy(ids.eventId, ids.general, 'count-a@example.com');
    const b = await buy(ids.eventId, ids.general, 'count-b@example.com');
    const c = await buy(ids.eventId, ids.vip, 'count-c@example.com');
    await scan({ code: a.code, gate: 'North', eventId: ids.eventId });
    await scan({ code: b.code, gate: 'North', eventId: ids.eventId });
    await scan({ code: c.code, gate: 'South', eventId: ids.eventId });
    await scan({ code: a.code, gate: 'Expo', eventId: ids.eventId, list: 'kit', items: ['bib'] });
    await scan({ code: c.code, gate: 'VIP Gate', eventId: ids.eventId, list: vip.id });
    const counts = await call<CheckInCountsResponse>(
      'GET',
      `/api/admin/events/${ids.eventId}/check-in-counts`,
      undefined,
      coordinator,
    );
    expect(counts.status).toBe(200);
    expect(counts.body.lists).toEqual([
      {
        id: 'entry',
        name: '',
        builtIn: true,
        checkedIn: 3,
        eligible: 3,
        gates: [
          { gate: 'North', count: 2 },
          { gate: 'South', count: 1 },
        ],
      },
      { id: 'kit', name: '', builtIn: true, checkedIn: 1, eligible: 3, gates: [{ gate: 'Expo', count: 1 }] },
      { id: vip.id, name: 'VIP enclosure', builtIn: false, checkedIn: 1, eligible: 1, gates: [{ gate: 'VIP Gate', count: 1 }] },
    ]);
  });

  it('keeps a list with admissions: deleting it is refused', async () => {
    const ids = await eventOn('Kept List Run');
    const day2 = await addList(ids.eventId, 'Day 2');
    const reg = await buy(ids.eventId, ids.general, 'kept-list@example.com');
    expect((await scan({ code: reg.code, gate: 'Gate', eventId: ids.eventId, list: day2.id })).status).toBe(200);
    const removed = await call('DELETE', `/api/admin/events/${ids.eventId}/check-in-lists/${day2.id}`, undefined, manager);
    expect(removed.status).toBe(400);
    expect(removed.body.error.message).toBe('Attendees were checked in on this list: it cannot be deleted');
  });
});

describe('offline gates on a list', () => {
  it("prepares the chosen list's admissions and syncs scans to it", async () => {
    const ids = await eventOn('Offline Kit Run', indiaDay(1));
    const a = await buy(ids.eventId, ids.general, 'offline-kit-a@example.com');
    const b = await buy(ids.eventId, ids.general, 'offline-kit-b@example.com');
    await scan({ code: a.code, gate: 'Expo', eventId: ids.eventId, list: 'kit', items: ['bib'] });
    const res = await t.app.request(`/api/admin/registrations/check-in/list?eventId=${ids.eventId}&list=kit`, {
      headers: { Cookie: coordinator },
    });
    expect(res.status).toBe(200);
    const prepared = (await res.json()) as CheckInListResponse & { list: string };
    expect(prepared.list).toBe('kit');
    expect(prepared.checkedIn).toBe(1);
    const entryOf = (n: string) => prepared.entries.find((e) => e.registrationNumber === n)!;
    expect(entryOf(a.registrationNumber)).toMatchObject({ gate: 'Expo' });
    expect(entryOf(b.registrationNumber)).toMatchObject({ gate: null, checkInTime: null });

    const scannedAt = new Date(Date.now() - 60_000).toISOString();
    const synced = await call<CheckInSyncResponse>(
      'POST',
      '/api/admin/registrations/check-in/sync',
      {
        eventId: ids.eventId,
        list: 'kit',
        scans: [
          { code: a.code, scannedAt, gate: 'Expo 2' },
          { code: b.code, scannedAt, gate: 'Expo 2' },
        ],
      },
      coordinator,
    );
    expect(synced.body.results.map((r) => r.outcome)).toEqual(['duplicate', 'checked-in']);
    const rows = await t.db.query((db) => db.select().from(checkIns).where(eq(checkIns.registrationId, b.id)));
    expect(rows).toEqual([expect.objectContaining({ list: 'kit', gate: 'Expo 2', via: 'synced' })]);
  });
});
