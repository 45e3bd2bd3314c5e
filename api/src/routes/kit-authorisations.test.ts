// Kit collection by someone else (issue 43, decision 069): the participant authorises a named
// collector in My bookings, the kit desk admits the authorisation's QR once, and records who collected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CHECK_IN_REFUSALS,
  KIT_AUTHORISATION_REFUSALS,
  type ApiErrorBody,
  type MyAttendee,
  type MyBookingsResponse,
  type StandingCheckIn,
} from '../contract';
import { auditLog, checkIns, emailOutbox, events, kitAuthorisations } from '../db/schema';
import { EMAIL_KINDS } from '../mail/kinds';
import { eraseOrders } from '../services/personal-data';
import { signedKitCode } from '../services/kit-authorisations';
import { signedTicketCode } from '../services/ticket-codes';
import {
  buyerSession,
  buyTicket,
  indiaDay,
  raceEntry,
  createCheckoutTestApp,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { jsonRequest, staffCookie as staffCookieIn } from '../testing/staff-session';
import { createTestOrganisation } from '../testing/organisations';

let t: CheckoutTestApp;
let coordinator: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  coordinator = await staffCookie(t, 'coordinator');
});
afterAll(() => t.close());

const call = async <T>(method: string, path: string, body: unknown, cookie: string) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & ApiErrorBody };
};

const attendeeIn = (bookings: MyBookingsResponse, ticketNumber: string): MyAttendee =>
  bookings.bookings.flatMap((b) => b.attendees).find((a) => a.ticketNumber === ticketNumber)!;

const authorise = (ticketNumber: string, collectorName: string, buyer: string) =>
  call<MyBookingsResponse>('POST', `/api/bookings/attendees/${ticketNumber}/kit-authorisation`, { collectorName }, buyer);

const scan = (body: Record<string, unknown>, cookie = coordinator) =>
  call<{ registration: { registrationNumber: string; bib: number | null }; checkIn: StandingCheckIn }>(
    'POST',
    '/api/admin/registrations/check-in',
    body,
    cookie,
  );

describe('authorising someone else to collect a kit', () => {
  it('shows the authorisation in My bookings, admits its QR once at the kit desk with the collector’s name, and says so after', async () => {
    const { ids, runner, buyer } = await raceEntry(t, 'Kit Proxy 10K', 'kavya@example.com');
    const before = await call<MyBookingsResponse>('GET', '/api/bookings', undefined, buyer);
    expect(attendeeIn(before.body, runner.registrationNumber).kitCollection).toEqual({
      canAuthorise: true,
      authorisation: null,
      collectedAt: null,
    });

    const made = await authorise(runner.registrationNumber, '  Rohan Menon ', buyer);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const authorisation = attendeeIn(made.body, runner.registrationNumber).kitCollection!.authorisation!;
    expect(authorisation).toMatchObject({
      collectorName: 'Rohan Menon',
      usedAt: null,
      code: expect.stringMatching(/^TDK-KIT-\d+-/),
    });

    // On the entry list the authorisation admits nobody: it is for the kit desk.
    const atEntry = await scan({ code: authorisation.code, eventId: ids.eventId, gate: 'Gate 1' });
    expect(atEntry.status).toBe(422);
    expect(atEntry.body.error.message).toBe(KIT_AUTHORISATION_REFUSALS.otherList);

    const collected = await scan({
      code: authorisation.code,
      eventId: ids.eventId,
      gate: 'Expo desk 2',
      list: 'kit',
      items: ['bib', 'tshirt'],
    });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    expect(collected.body.registration.registrationNumber).toBe(runner.registrationNumber);
    expect(collected.body.checkIn).toMatchObject({
      list: 'kit',
      gate: 'Expo desk 2',
      collectorName: 'Rohan Menon',
      items: ['bib', 'tshirt'],
    });

    // The buyer hears at once who collected it, and where (decision 070); once.
    const told = () =>
      t.db.query((db) =>
        db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.kind, EMAIL_KINDS.kitCollected), eq(emailOutbox.registrationId, runner.id))),
      );
    const [mail] = await told();
    expect(mail).toMatchObject({ to: 'kavya@example.com' });
    expect(mail!.subject).toBe(`${`${runner.firstName} ${runner.lastName}`.trim()}'s kit was collected by Rohan Menon`);
    expect(mail!.text).toContain('Desk: Expo desk 2');

    const again = await scan({ code: authorisation.code, eventId: ids.eventId, gate: 'Expo desk 3', list: 'kit' });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(KIT_AUTHORISATION_REFUSALS.used);
    // The runner's own ticket at the kit desk finds the kit collected, by Rohan at desk 2.
    const own = await scan({
      code: signedTicketCode(t.env, runner.registrationNumber, ids.eventId),
      eventId: ids.eventId,
      gate: 'Expo desk 3',
      list: 'kit',
    });
    expect(own.status).toBe(409);
    expect(own.body.error.message).toMatch(/^Already checked in at .+ by Expo desk 2$/);
    expect(await told()).toHaveLength(1);

    const after = await call<MyBookingsResponse>('GET', '/api/bookings', undefined, buyer);
    const kit = attendeeIn(after.body, runner.registrationNumber).kitCollection!;
    expect(kit).toMatchObject({ canAuthorise: false, authorisation: { collectorName: 'Rohan Menon' } });
    expect(kit.authorisation!.usedAt).toBe(kit.collectedAt);
    expect(kit.collectedAt).not.toBeNull();
    const refused = await authorise(runner.registrationNumber, 'Someone Else', buyer);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This kit has already been collected.');

    const audit = await t.db.query((db) =>
      db
        .select({ action: auditLog.action, actor: auditLog.actorEmail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'registration'), eq(auditLog.entityId, String(runner.id)))),
    );
    expect(audit).toContainEqual({ action: 'authorise_kit_collection', actor: 'kavya@example.com' });
  });

  it('a newer authorisation or a withdrawal stops the older code; a forged or foreign code admits nobody', async () => {
    const { ids, runner, buyer } = await raceEntry(t, 'Kit Proxy Half', 'meera@example.com');
    const first = attendeeIn((await authorise(runner.registrationNumber, 'Rohan Menon', buyer)).body, runner.registrationNumber)
      .kitCollection!.authorisation!;
    const second = attendeeIn((await authorise(runner.registrationNumber, 'Priya Nair', buyer)).body, runner.registrationNumber)
      .kitCollection!.authorisation!;
    expect(second.collectorName).toBe('Priya Nair');
    expect(second.code).not.toBe(first.code);
    const old = await scan({ code: first.code, eventId: ids.eventId, list: 'kit', gate: 'Expo' });
    expect(old.body.error.message).toBe(KIT_AUTHORISATION_REFUSALS.withdrawn);

    const withdrawn = await call<MyBookingsResponse>(
      'DELETE',
      `/api/bookings/attendees/${runner.registrationNumber}/kit-authorisation`,
      undefined,
      buyer,
    );
    expect(withdrawn.status).toBe(200);
    expect(attendeeIn(withdrawn.body, runner.registrationNumber).kitCollection).toMatchObject({
      canAuthorise: true,
      authorisation: null,
    });
    expect((await scan({ code: second.code, eventId: ids.eventId, list: 'kit', gate: 'Expo' })).body.error.message).toBe(
      KIT_AUTHORISATION_REFUSALS.withdrawn,
    );
    const nothingLeft = await call(
      'DELETE',
      `/api/bookings/attendees/${runner.registrationNumber}/kit-authorisation`,
      undefined,
      buyer,
    );
    expect(nothingLeft.status).toBe(404);

    // A signature changed by one character, and an id the platform never signed.
    const tampered = second.code.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await scan({ code: tampered, eventId: ids.eventId, list: 'kit' })).body.error.message).toBe(CHECK_IN_REFUSALS.forged);
    expect((await scan({ code: 'TDK-KIT-12', eventId: ids.eventId, list: 'kit' })).body.error.message).toBe(
      CHECK_IN_REFUSALS.forged,
    );
    expect((await scan({ code: signedKitCode(t.env, 987654), eventId: ids.eventId, list: 'kit' })).body.error.message).toBe(
      CHECK_IN_REFUSALS.unknown,
    );

    // Another organisation's kit desk does not know the code; nothing is used by its scan.
    const live = attendeeIn((await authorise(runner.registrationNumber, 'Priya Nair', buyer)).body, runner.registrationNumber)
      .kitCollection!.authorisation!;
    const other = await t.db.query((db) =>
      createTestOrganisation(db, { slug: 'kit-proxy-other', displayName: 'Kit Proxy Other' }),
    );
    const foreignDesk = await staffCookieIn(t, 'coordinator', 'desk@kit-proxy-other.test', { organisationId: other });
    const foreign = await scan({ code: live.code, list: 'kit' }, foreignDesk);
    expect(foreign.body.error.message).toBe(CHECK_IN_REFUSALS.unknown);
    const [row] = await t.db.query((db) =>
      db
        .select()
        .from(kitAuthorisations)
        .where(and(eq(kitAuthorisations.registrationId, runner.id), eq(kitAuthorisations.collectorName, 'Priya Nair'))),
    );
    expect(row).toBeDefined();
    const rows = await t.db.query((db) =>
      db.select().from(kitAuthorisations).where(eq(kitAuthorisations.registrationId, runner.id)),
    );
    expect(rows.filter((r) => r.usedAt !== null)).toEqual([]);
  });

  it('refuses a blank collector, another buyer’s ticket, an entry without a bib, and a race that is over', async () => {
    const { ids, runner, buyer } = await raceEntry(t, 'Kit Proxy 5K', 'arjun@example.com');
    const blank = await authorise(runner.registrationNumber, ' ', buyer);
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({
      collectorName: 'Enter the full name of the person who will collect the kit, as on their photo ID.',
    });
    // Another buyer of the same race, signed in to their own bookings.
    await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'someone-else@example.com' } });
    const stranger = await buyerSession(t, 'someone-else@example.com');
    expect((await authorise(runner.registrationNumber, 'Rohan Menon', stranger)).status).toBe(404);

    const concert = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.vip, participant: { email: 'arjun@example.com' } });
    const noBib = await call<MyBookingsResponse>('GET', '/api/bookings', undefined, buyer);
    expect(attendeeIn(noBib.body, concert.registrationNumber).kitCollection).toBeUndefined();
    expect((await authorise(concert.registrationNumber, 'Rohan Menon', buyer)).status).toBe(403);

    await t.db.query((db) =>
      db
        .update(events)
        .set({ date: indiaDay(-1) })
        .where(eq(events.id, ids.eventId)),
    );
    const over = await authorise(runner.registrationNumber, 'Rohan Menon', buyer);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('Kit collection for this event is over.');
  });

  it('an erasure removes whom the attendee authorised and who collected for them', async () => {
    const { ids, runner, buyer } = await raceEntry(t, 'Kit Proxy Erased', 'erase-me@example.com');
    const code = attendeeIn((await authorise(runner.registrationNumber, 'Rohan Menon', buyer)).body, runner.registrationNumber)
      .kitCollection!.authorisation!.code;
    expect((await scan({ code, eventId: ids.eventId, list: 'kit', gate: 'Expo' })).status).toBe(200);
    await t.db.transaction((tx) => eraseOrders(tx, [runner.orderId!], new Date()));
    const left = await t.db.query((db) =>
      db.select().from(kitAuthorisations).where(eq(kitAuthorisations.registrationId, runner.id)),
    );
    expect(left).toEqual([]);
    const [kit] = await t.db.query((db) =>
      db
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.registrationId, runner.id), eq(checkIns.list, 'kit'))),
    );
    expect(kit).toMatchObject({ collectorName: null, gate: 'Expo' });
  });
});
