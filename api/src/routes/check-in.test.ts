import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ApiErrorBody, CheckInListResponse, CheckInSyncResponse, RegistrationResponse } from '../contract';
import { selectAttendees } from '../db/attendee-rows';
import { auditLog, checkIns, events, registrations } from '../db/schema';
import { createCheckoutTestApp, seedCheckoutEvent, buyTicket, staffCookie, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { signedTicketCode } from '../services/ticket-codes';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
let coordinator: string;
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t, { title: 'Gate Night' });
  // The gates open today.
  await t.db.query((db) => db.update(events).set({ date: todayInIndia() }).where(eq(events.id, ids.eventId)));
  coordinator = await staffCookie(t, 'coordinator');
});
afterAll(() => t.close());

async function buy(email: string, event: { eventId: number; general: number } = ids) {
  const row = await buyTicket(t, { eventId: event.eventId, ticketId: event.general, participant: { email } });
  return { ...row, code: signedTicketCode(t.env, row.registrationNumber, row.eventId) };
}

/** A ticket of an event of its own, then moved to `date` (the gate reads the event's date). */
async function buyForEventOn(email: string, date: string) {
  const other = await seedCheckoutEvent(t, { title: `Gate Day ${date}` });
  const row = await buy(email, other);
  await t.db.query((db) => db.update(events).set({ date }).where(eq(events.id, other.eventId)));
  return row;
}

const registrationRow = async (id: number) => (await t.db.query((db) => selectAttendees(db).where(eq(registrations.id, id))))[0]!;
const setRegistration = (id: number, values: Partial<typeof registrations.$inferInsert>) =>
  t.db.query((db) => db.update(registrations).set(values).where(eq(registrations.id, id)));

const scan = async <T>(body: unknown, path = '/api/admin/registrations/check-in') => {
  const res = await t.app.request(path, jsonRequest('POST', body, coordinator));
  return {
    status: res.status,
    body: (await res.json()) as T & ApiErrorBody & { checkIn?: { checkInTime: string; gate: string } },
  };
};

describe('POST /api/admin/registrations/check-in', () => {
  it('admits a signed ticket once, recording the time, gate and staff member; then says when and where', async () => {
    const reg = await buy('gate1@example.com');
    const first = await scan<RegistrationResponse>({ code: reg.code, gate: 'North Gate', eventId: ids.eventId });
    expect(first.status).toBe(200);
    expect(first.body.registration).toMatchObject({ status: 'Checked-In', registrationNumber: reg.registrationNumber });
    const stored = await registrationRow(reg.id);
    expect(stored).toMatchObject({ checkInGate: 'North Gate', checkedInBy: expect.stringMatching(/coordinator/) });
    const audit = await t.db.query((db) =>
      db.select().from(auditLog).where(eq(auditLog.action, 'check_in')).orderBy(auditLog.id),
    );
    expect(audit.at(-1)!.detail).toMatchObject({ gate: 'North Gate', registrationNumber: reg.registrationNumber });

    const again = await scan({ code: reg.code, gate: 'South Gate', eventId: ids.eventId });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^Already checked in at .+ by North Gate$/);
    expect(again.body.checkIn).toEqual({
      list: 'entry',
      checkInTime: stored.checkInTime,
      gate: 'North Gate',
      staffEmail: stored.checkedInBy,
      items: null,
      collectorName: null,
    });
  });

  it('admits a ticket once when two gates scan it at the same moment', async () => {
    const reg = await buy('two-at-once@example.com');
    const scans = await Promise.all(
      ['East Gate', 'West Gate'].map((gate) => scan({ code: reg.code, gate, eventId: ids.eventId })),
    );
    expect(scans.map((s) => s.status).sort()).toEqual([200, 409]);
    const entries = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'check_in'), eq(auditLog.entityId, String(reg.id)))),
    );
    expect(entries).toHaveLength(1);
  });

  it('refuses an unsigned code or a bare ticket number from the camera as forged, and audits it with the gate and device (issue 28)', async () => {
    const reg = await buy('unsigned@example.com');
    const printed = `TDK-${reg.registrationNumber}-${reg.eventId}`;
    for (const code of [printed, reg.registrationNumber, reg.registrationNumber.toLowerCase()]) {
      const res = await t.app.request('/api/admin/registrations/check-in', {
        ...jsonRequest('POST', { code, gate: 'North Gate', eventId: ids.eventId }, coordinator),
        headers: { ...jsonRequest('POST', {}, coordinator).headers, 'User-Agent': 'GateScanner/2.1 (Pixel 7)' },
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as ApiErrorBody).error.message).toBe('This ticket was not issued by us');
    }
    expect((await registrationRow(reg.id)).checkInTime).toBeNull();
    const refused = await t.db.query((db) =>
      db.select().from(auditLog).where(eq(auditLog.action, 'check_in_refused')).orderBy(auditLog.id),
    );
    expect(refused.slice(-3).map((entry) => entry.detail)).toEqual(
      [printed, reg.registrationNumber, reg.registrationNumber.toLowerCase()].map((code) => ({
        code,
        reason: 'This ticket was not issued by us',
        gate: 'North Gate',
        entry: 'scan',
        device: 'GateScanner/2.1 (Pixel 7)',
      })),
    );
  });

  it('lists the booking of a typed reference or ticket number; staff admit one attendee, audited as a manual admission', async () => {
    const reg = await buy('typed@example.com');
    const booking = reg.bookingReference || reg.registrationNumber;
    for (const code of [booking.toLowerCase(), reg.registrationNumber, `TDK-${reg.registrationNumber}-${reg.eventId}`]) {
      const listed = await scan<{ bookingReference: string; attendees: { registrationNumber: string }[] }>({
        code,
        entry: 'typed',
        gate: 'Desk',
        eventId: ids.eventId,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.bookingReference).toBe(booking);
      expect(listed.body.attendees.map((a) => a.registrationNumber)).toEqual([reg.registrationNumber]);
    }
    // Listing admits nobody.
    expect((await registrationRow(reg.id)).checkInTime).toBeNull();
    const chosen = await scan<RegistrationResponse>({
      code: reg.registrationNumber,
      entry: 'chosen',
      gate: 'Desk',
      eventId: ids.eventId,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.registration).toMatchObject({ status: 'Checked-In', checkInGate: 'Desk' });
    const [entry] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'check_in'), eq(auditLog.entityId, String(reg.id)))),
    );
    expect(entry!.detail).toMatchObject({ registrationNumber: reg.registrationNumber, gate: 'Desk', via: 'manual' });
    expect((await scan({ code: 'REGNOSUCHTHING', entry: 'typed' })).body.error.message).toBe('No ticket with this code');
  });

  it('refuses with the reason: forged, unknown, other event, cancelled, unpaid, not today', async () => {
    const forged = await buy('forged@example.com');
    const tampered = forged.code.slice(0, -1) + (forged.code.endsWith('A') ? 'B' : 'A');
    expect(await scan({ code: tampered })).toMatchObject({
      status: 422,
      body: { error: { message: 'This ticket was not issued by us' } },
    });
    expect(await scan({ code: 'REGNOSUCHTHING', entry: 'typed' })).toMatchObject({
      status: 422,
      body: { error: { message: 'No ticket with this code' } },
    });
    expect(await scan({ code: forged.code, eventId: ids.otherEventId })).toMatchObject({
      status: 422,
      body: { error: { message: 'This ticket is for another event' } },
    });
    const cancelled = await buy('cancelled@example.com');
    await setRegistration(cancelled.id, { status: 'Cancelled' });
    expect((await scan({ code: cancelled.code })).body.error.message).toBe('This registration is cancelled');
    const unpaid = await buy('unpaid@example.com');
    await setRegistration(unpaid.id, { paymentStatus: 'Pending' });
    expect((await scan({ code: unpaid.code })).body.error.message).toBe('This ticket is not paid');
    const tomorrow = await buyForEventOn('tomorrow@example.com', '2099-01-01');
    expect((await scan({ code: tomorrow.code })).body.error.message).toBe('This event is not today');
    // Nothing was checked in by any of them.
    for (const id of [forged.id, cancelled.id, unpaid.id, tomorrow.id]) {
      expect((await registrationRow(id)).checkInTime).toBeNull();
    }
  });

  it('refuses a malformed code and a gate name with markup', async () => {
    expect((await scan({ code: '' })).status).toBe(400);
    const markup = await scan({ code: 'REGX', gate: '<script>alert(1)</script>' });
    expect(markup.status).toBe(400);
    expect(markup.body.error.fields).toHaveProperty('gate');
  });
});

describe('offline sync', () => {
  it('lets the first of two gates stand, tells the other it was a duplicate, and changes nothing when replayed', async () => {
    const reg = await buy('twogates@example.com');
    // Two scans of the last two minutes, on the India day the event is held: a run that crosses
    // India's midnight keeps both on the new day (the gate judges a scan by the day it was made).
    const now = Date.now();
    const dayStart = Date.parse(`${todayInIndia()}T00:00:00+05:30`);
    const early = new Date(Math.max(now - 120_000, dayStart)).toISOString();
    const late = new Date(Math.max(now - 60_000, dayStart + 1_000)).toISOString();
    await t.db.query((db) => db.update(events).set({ date: todayInIndia() }).where(eq(events.id, ids.eventId)));
    const gateA = await scan<CheckInSyncResponse>(
      { eventId: ids.eventId, scans: [{ code: reg.code, scannedAt: late, gate: 'Gate A' }] },
      '/api/admin/registrations/check-in/sync',
    );
    const gateB = await scan<CheckInSyncResponse>(
      { eventId: ids.eventId, scans: [{ code: reg.code, scannedAt: early, gate: 'Gate B' }] },
      '/api/admin/registrations/check-in/sync',
    );
    expect(gateA.body.results).toEqual([{ code: reg.code, outcome: 'checked-in', checkInTime: late, gate: 'Gate A' }]);
    expect(gateB.body.results).toEqual([{ code: reg.code, outcome: 'duplicate', checkInTime: late, gate: 'Gate A' }]);
    const replay = await scan<CheckInSyncResponse>(
      { eventId: ids.eventId, scans: [{ code: reg.code, scannedAt: late, gate: 'Gate A' }] },
      '/api/admin/registrations/check-in/sync',
    );
    expect(replay.body.results).toEqual(gateA.body.results);
    expect(await registrationRow(reg.id)).toMatchObject({
      checkInTime: late,
      checkInGate: 'Gate A',
    });
  });

  it('refuses scans from the future or from before the list they were judged with', async () => {
    const reg = await buy('timing@example.com');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const listedAt = new Date(Date.now() - 60_000).toISOString();
    const before = new Date(Date.now() - 3_600_000).toISOString();
    const { body } = await scan<CheckInSyncResponse>(
      {
        listedAt,
        scans: [
          { code: reg.code, scannedAt: future, gate: 'A' },
          { code: reg.code, scannedAt: before, gate: 'A' },
        ],
      },
      '/api/admin/registrations/check-in/sync',
    );
    expect(body.results.map((r) => r.reason)).toEqual([
      'The scan time is in the future',
      'The scan is older than the list it was judged with',
    ]);
    expect((await registrationRow(reg.id)).checkInTime).toBeNull();
  });

  it('refuses a scan stamped more than a day ago, even on the event day of an event long over, and audits each refusal (issue 28)', async () => {
    // The event was two days ago; a device claims it scanned the ticket then.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const day = new Date(twoDaysAgo.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const reg = await buyForEventOn('backdated@example.com', day);
    const res = await t.app.request('/api/admin/registrations/check-in/sync', {
      ...jsonRequest('POST', {}, coordinator),
      headers: { ...jsonRequest('POST', {}, coordinator).headers, 'User-Agent': 'Tablet 4' },
      body: JSON.stringify({ scans: [{ code: reg.code, scannedAt: twoDaysAgo.toISOString(), gate: 'Gate 9' }] }),
    });
    const body = (await res.json()) as CheckInSyncResponse;
    expect(body.results.map((r) => [r.outcome, r.reason])).toEqual([['refused', 'The scan is more than a day old']]);
    expect((await registrationRow(reg.id)).checkInTime).toBeNull();
    const [entry] = await t.db.query((db) =>
      db.select().from(auditLog).where(eq(auditLog.action, 'check_in_refused')).orderBy(desc(auditLog.id)).limit(1),
    );
    expect(entry!.detail).toEqual({
      code: reg.code,
      reason: 'The scan is more than a day old',
      gate: 'Gate 9',
      entry: 'scan',
      scannedAt: twoDaysAgo.toISOString(),
      via: 'sync',
      device: 'Tablet 4',
    });
  });

  it('refuses an unsigned code in a sync as forged', async () => {
    const reg = await buy('sync-unsigned@example.com');
    const { body } = await scan<CheckInSyncResponse>(
      { scans: [{ code: reg.registrationNumber, scannedAt: new Date().toISOString(), gate: 'A' }] },
      '/api/admin/registrations/check-in/sync',
    );
    expect(body.results.map((r) => r.reason)).toEqual(['This ticket was not issued by us']);
    expect((await registrationRow(reg.id)).checkInTime).toBeNull();
  });
});

describe('admissions as rows (decision 036)', () => {
  it('keeps each admission as a row: attendee, list, gate, device, staff, time, online or synced; once per list', async () => {
    const online = await buy('row-online@example.com');
    const offline = await buy('row-offline@example.com');
    const res = await t.app.request('/api/admin/registrations/check-in', {
      ...jsonRequest('POST', { code: online.code, gate: 'Gate 3' }, coordinator),
      headers: { ...jsonRequest('POST', {}, coordinator).headers, 'User-Agent': 'Gate tablet 3' },
    });
    expect(res.status).toBe(200);
    const scannedAt = new Date(Date.now() - 30_000).toISOString();
    await scan(
      { eventId: ids.eventId, scans: [{ code: offline.code, scannedAt, gate: 'Gate 4' }] },
      '/api/admin/registrations/check-in/sync',
    );
    await scan({ code: online.code, gate: 'Gate 5' });
    const rows = await t.db.query((db) =>
      db
        .select()
        .from(checkIns)
        .where(inArray(checkIns.registrationId, [online.id, offline.id]))
        .orderBy(checkIns.id),
    );
    expect(
      rows.map(({ registrationId, list, gate, device, via, staffEmail }) => ({
        registrationId,
        list,
        gate,
        device,
        via,
        staffEmail,
      })),
    ).toEqual([
      {
        registrationId: online.id,
        list: 'entry',
        gate: 'Gate 3',
        device: 'Gate tablet 3',
        via: 'online',
        staffEmail: expect.stringMatching(/coordinator/),
      },
      {
        registrationId: offline.id,
        list: 'entry',
        gate: 'Gate 4',
        device: null,
        via: 'synced',
        staffEmail: expect.stringMatching(/coordinator/),
      },
    ]);
    expect(rows[1]!.checkedInAt).toBe(scannedAt);
  });
});

describe('the check-in list', () => {
  it('gives the signed codes, names and check-ins of an event, and 304 while nothing changed', async () => {
    const reg = await buy('listed@example.com');
    expect((await scan({ code: reg.code, gate: 'North Gate', eventId: ids.eventId })).status).toBe(200);
    const res = await t.app.request(`/api/admin/registrations/check-in/list?eventId=${ids.eventId}`, {
      headers: { cookie: coordinator },
    });
    expect(res.status).toBe(200);
    const list = (await res.json()) as CheckInListResponse;
    expect(list).toMatchObject({ eventId: ids.eventId, eventTitle: 'Gate Night', eventDate: todayInIndia() });
    expect(list.entries.length).toBeGreaterThan(0);
    const entry = list.entries.find((e) => e.registrationNumber === reg.registrationNumber)!;
    expect(entry).toMatchObject({
      code: reg.code,
      bookingReference: reg.bookingReference,
      name: 'Asha Devi Rao',
      ticketName: 'General',
      status: 'Checked-In',
      gate: 'North Gate',
    });
    // One entry per attendee: no ticket counts.
    expect(entry).not.toHaveProperty('quantity');
    expect(list.checkedIn).toBeLessThanOrEqual(list.confirmed);
    const etag = res.headers.get('etag')!;
    const unchanged = await t.app.request(`/api/admin/registrations/check-in/list?eventId=${ids.eventId}`, {
      headers: { cookie: coordinator, 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    await buy('changes-the-list@example.com');
    const changed = await t.app.request(`/api/admin/registrations/check-in/list?eventId=${ids.eventId}`, {
      headers: { cookie: coordinator, 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
  });

  it('comes compressed to a device that accepts it: one response for the whole event', async () => {
    await buy('compressed@example.com');
    const res = await t.app.request(`/api/admin/registrations/check-in/list?eventId=${ids.eventId}`, {
      headers: { cookie: coordinator, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await new Response(res.body!.pipeThrough(new DecompressionStream('gzip'))).json();
    expect((plain as CheckInListResponse).entries.length).toBeGreaterThan(0);
  });
});
