import { DATA_KEY_FINGERPRINT_SETTING } from './data-key-fingerprint';
import { DATA_UPGRADES_SETTING } from './model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { EVENT_CATEGORIES, EVENT_CITY_OPTIONS, PUBLIC_CITIES, ROLES, SETTINGS_DEFAULTS, TICKET_CATEGORIES } from '../contract';
import { verifyPassword } from '../services/passwords';
import { upsertAdmin } from '../services/staff';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import type { Env } from '../env';
import type { Database } from './client';
import {
  checkIns,
  emailOutbox,
  events,
  memberships,
  organisations,
  orders,
  payments,
  refundAttendees,
  refunds,
  registrations,
  settings,
  staffUsers,
  ticketTypes,
} from './schema';
import { formatCredentialsNotice, seedIfEmpty, type SeedResult } from './seed';
import { SEED_ORGANISATIONS, SEED_STAFF } from './seed-data';

const opened: TestDatabase[] = [];
/** A migrated database that nothing has seeded, and the environment the seed's services run in. */
const freshTest = async (): Promise<TestDatabase> => {
  const test = await createTestDatabase();
  opened.push(test);
  return test;
};
const freshDb = async (): Promise<Database> => (await freshTest()).db;
afterAll(async () => {
  for (const test of opened) await test.close();
});

describe('seeding a fresh database (development)', () => {
  // Seeded once for the read-only tests below; a test that changes the data seeds its own.
  let db: Database;
  let result: SeedResult;
  const now = new Date('2026-03-10T06:30:00Z');
  let env: Env;
  beforeAll(async () => {
    ({ db, env } = await freshTest());
    result = await seedIfEmpty(db, { nodeEnv: 'development', env, now });
  });

  it('covers every category, every public city and Online', async () => {
    const rows = await db.query((q) => q.select().from(events));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(new Set(rows.map((e) => e.location))).toEqual(new Set([...PUBLIC_CITIES, 'Online']));
    // The event form offers every city an event is held in, so editing one never moves it.
    for (const e of rows) expect(EVENT_CITY_OPTIONS).toContain(e.location);
    for (const e of rows) {
      expect(e.location).toBe(e.venue === 'Online' ? 'Online' : e.venue.split(',').at(-1)!.trim());
      expect(e.imageUrl).toBeNull();
      expect(e.contactEmail && e.contactPhone).toBeTruthy();
    }
  });

  it('dates events relative to today, Completed ones in the past', async () => {
    const rows = await db.query((q) => q.select().from(events));
    const today = '2026-03-10';
    for (const e of rows.filter((r) => r.status === 'Completed')) expect(e.date < today).toBe(true);
    for (const e of rows.filter((r) => r.status !== 'Completed')) expect(e.date > today).toBe(true);
    expect(rows.filter((r) => r.status === 'Draft').length).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.pricePaise === 0)).toBe(true);
  });

  it("is coherent: each event's capacity is what its ticket types can sell, a team's ticket seats its whole team at a shared price, the cyclothon's loops have tickets, and no season is named", async () => {
    const rows = await db.query((q) => q.select().from(events));
    const tickets = await db.query((q) => q.select().from(ticketTypes));
    for (const event of rows) {
      const own = tickets.filter((t) => t.eventId === event.id);
      expect(
        own.reduce((n, t) => n + t.quantity, 0),
        event.title,
      ).toBe(event.maxParticipants);
      expect(`${event.title} ${event.description}`, event.title).not.toMatch(/monsoon|winter|summer|diwali|christmas/i);
    }
    const cyclothon = rows.find((e) => e.title === 'Mumbai Marine Drive Cyclothon')!;
    expect(tickets.filter((t) => t.eventId === cyclothon.id).map((t) => t.name)).toEqual(
      expect.arrayContaining(['25 km Loop', '50 km Loop']),
    );
    const cricket = rows.find((e) => e.title === 'Shivaji Park Corporate Cricket Cup')!;
    const squad = tickets.find((t) => t.eventId === cricket.id && t.name === 'Team Entry (11 players)')!;
    expect(squad).toMatchObject({ teamMin: 11, teamMax: 11, teamPricing: 'team' });
    const squadMembers = await db.query((q) => q.select().from(registrations).where(eq(registrations.ticketId, squad.id)));
    expect(squadMembers.length % 11).toBe(0);
    expect(squadMembers.length).toBeGreaterThan(0);
    // One squad's members share the team's price to the paisa, under one team name.
    const first = squadMembers.filter((m) => m.bookingReference === squadMembers[0]!.bookingReference);
    expect(first).toHaveLength(11);
    expect(first.reduce((n, m) => n + m.amountPaise, 0)).toBe(squad.pricePaise);
    expect(new Set(first.map((m) => m.teamName)).size).toBe(1);
    expect(first[0]!.teamName).not.toBe('');
    expect(squad.sold).toBe(squadMembers.filter((m) => m.paymentStatus === 'Paid').length);
  });

  it('sells through the services: every paid attendee has its order and a SUCCESS payment of its amount, every refund and check-in is a row (issue 39)', async () => {
    const attendees = await db.query((q) => q.select().from(registrations));
    const orderRows = await db.query((q) => q.select().from(orders));
    const paymentRows = await db.query((q) => q.select().from(payments));
    const refundRows = await db.query((q) => q.select().from(refunds));
    const admissions = await db.query((q) => q.select().from(checkIns));
    const orderById = new Map(orderRows.map((o) => [o.id, o]));

    // The demo's variety, made the way buyers and staff make it.
    const statuses = new Set(attendees.map((a) => `${a.status}/${a.paymentStatus}`));
    for (const status of ['Confirmed/Paid', 'Checked-In/Paid', 'No-Show/Paid', 'Cancelled/Refunded'])
      expect(statuses).toContain(status);
    for (const order of orderRows) expect(['PAID', 'FAILED', 'CREATED', 'EXPIRED']).toContain(order.status);
    expect(orderRows.some((o) => o.status === 'FAILED')).toBe(true);
    expect(orderRows.some((o) => o.status === 'CREATED' || o.status === 'EXPIRED')).toBe(true);

    const paid = attendees.filter((a) => a.paymentStatus === 'Paid' || a.paymentStatus === 'Refunded');
    expect(paid.length).toBeGreaterThanOrEqual(60);
    for (const attendee of paid) {
      const order = attendee.orderId ? orderById.get(attendee.orderId) : undefined;
      expect(order, attendee.registrationNumber).toBeDefined();
      expect(order!.status).toBe('PAID');
      expect(order!.bookingReference).toBe(attendee.bookingReference);
      const successes = paymentRows.filter((p) => p.orderId === order!.id && p.status === 'SUCCESS');
      expect(successes, attendee.registrationNumber).toHaveLength(1);
      expect(successes[0]!.amountPaise).toBe(order!.amountPaise);
      const ofOrder = attendees.filter((a) => a.orderId === order!.id);
      expect(ofOrder.reduce((n, a) => n + a.amountPaise, 0)).toBe(order!.amountPaise);
    }
    // Paid and free: the free demo orders were confirmed by their buyers' e-mailed links.
    expect(paymentRows.some((p) => p.amountPaise === 0 && p.method === 'Free')).toBe(true);
    expect(paymentRows.some((p) => p.amountPaise > 0 && p.providerPaymentId)).toBe(true);

    const refunded = attendees.filter((a) => a.paymentStatus === 'Refunded' || a.refundedPaise > 0);
    expect(refunded.length).toBeGreaterThan(0);
    const shareRows = await db.query((q) => q.select().from(refundAttendees));
    const shareOf = new Map<number, number>();
    for (const refund of refundRows.filter((r) => r.status === 'succeeded')) {
      const shares = shareRows.filter((l) => l.refundId === refund.id);
      expect(shares.reduce((n, l) => n + l.sharePaise, 0)).toBe(refund.amountPaise);
      for (const l of shares) shareOf.set(l.registrationId, (shareOf.get(l.registrationId) ?? 0) + l.sharePaise);
    }
    for (const attendee of refunded) {
      expect(attendee.status).toBe('Cancelled');
      expect(attendee.refundedPaise).toBe(attendee.amountPaise);
      expect(shareOf.get(attendee.id) ?? 0, attendee.registrationNumber).toBe(attendee.refundedPaise);
    }
    expect(refundRows.every((r) => r.status === 'succeeded')).toBe(true);

    const checkedIn = attendees.filter((a) => a.status === 'Checked-In');
    expect(checkedIn.length).toBeGreaterThan(0);
    for (const attendee of checkedIn) {
      expect(
        admissions.filter((c) => c.registrationId === attendee.id),
        attendee.registrationNumber,
      ).toHaveLength(1);
    }
    expect(admissions).toHaveLength(checkedIn.length);

    // Nothing written by hand: no attendee without an order, and no demo e-mail waiting to be sent.
    expect(attendees.filter((a) => a.orderId === null)).toEqual([]);
    expect(await db.query((q) => q.select().from(emailOutbox))).toEqual([]);
  });

  it("numbers the races' runners: each paid attendee of a race has a bib of its own in its race's range, and every race has its distance and cut-off", async () => {
    const races = await db.query((q) =>
      q
        .select({
          id: ticketTypes.id,
          eventId: ticketTypes.eventId,
          bibFrom: ticketTypes.bibFrom,
          bibTo: ticketTypes.bibTo,
          distance: ticketTypes.distanceMetres,
          cutOff: ticketTypes.cutOffTenths,
        })
        .from(ticketTypes)
        .where(isNotNull(ticketTypes.bibFrom)),
    );
    expect(races.length).toBeGreaterThanOrEqual(9);
    expect(races.every((race) => race.distance! > 0 && race.cutOff! > 0)).toBe(true);
    const runners = await db.query((q) =>
      q
        .select({ ticketId: registrations.ticketId, eventId: registrations.eventId, bib: registrations.bib })
        .from(registrations)
        .where(
          and(
            eq(registrations.paymentStatus, 'Paid'),
            inArray(
              registrations.ticketId,
              races.map((race) => race.id),
            ),
          ),
        ),
    );
    expect(runners.length).toBeGreaterThan(0);
    for (const runner of runners) {
      const race = races.find((r) => r.id === runner.ticketId)!;
      expect(runner.bib).toBeGreaterThanOrEqual(race.bibFrom!);
      expect(runner.bib).toBeLessThanOrEqual(race.bibTo!);
    }
    expect(new Set(runners.map((r) => `${r.eventId}/${r.bib}`)).size).toBe(runners.length);
  });

  it('uses every ticket category, some scarce and some with validity windows', async () => {
    const tickets = await db.query((q) => q.select().from(ticketTypes));
    expect(new Set(tickets.map((x) => x.category))).toEqual(new Set(TICKET_CATEGORIES));
    expect(tickets.some((x) => x.status === 'Active' && x.quantity - x.sold < 50)).toBe(true);
    expect(tickets.some((x) => x.validFrom && x.validUntil)).toBe(true);
  });

  it('creates the demo organisations, each with its staff, and argon2id hashes of the passwords it returns', async () => {
    const staff = await db.query((q) =>
      q
        .select({
          email: staffUsers.email,
          passwordHash: staffUsers.passwordHash,
          role: memberships.role,
          slug: organisations.slug,
        })
        .from(staffUsers)
        .innerJoin(memberships, eq(memberships.staffUserId, staffUsers.id))
        .innerJoin(organisations, eq(organisations.id, memberships.organisationId)),
    );
    const first = staff.filter((s) => s.slug === SEED_ORGANISATIONS[0]!.slug);
    expect([...new Set(first.map((s) => s.role))].sort()).toEqual([...ROLES].sort());
    for (const o of SEED_ORGANISATIONS) expect(staff.some((s) => s.slug === o.slug && s.role === 'admin')).toBe(true);
    expect(result.staffCredentials).toHaveLength(SEED_STAFF.length);
    for (const cred of result.staffCredentials) {
      expect(cred.password).toMatch(/^[A-Za-z2-9]{16}$/);
      const row = staff.find((s) => s.email === cred.email)!;
      expect(row.role).toBe(cred.role);
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.passwordHash).not.toContain(cred.password);
      expect(await verifyPassword(row.passwordHash, cred.password)).toBe(true);
      expect(await verifyPassword(row.passwordHash, `${cred.password}x`)).toBe(false);
    }
  });

  it('writes the default settings', async () => {
    const keys = (await db.query((q) => q.select({ key: settings.key }).from(settings))).map((r) => r.key);
    // Beside them, the data key's fingerprint (decision 037) and the upgrades of the data applied (036).
    const bookkeeping = [DATA_KEY_FINGERPRINT_SETTING, DATA_UPGRADES_SETTING];
    expect(keys.filter((key) => !bookkeeping.includes(key)).sort()).toEqual(Object.keys(SETTINGS_DEFAULTS).sort());
  });

  it('frames the credentials notice with every account', () => {
    const notice = formatCredentialsNotice(result.staffCredentials);
    for (const cred of result.staffCredentials) expect(notice).toContain(`${cred.email}`);
    for (const cred of result.staffCredentials) expect(notice).toContain(cred.password);
    expect(notice.split('\n')[0]).toMatch(/^=+$/);
  });

  it('never seeds twice, even after every event is deleted', async () => {
    const { db: own, env } = await freshTest();
    expect((await seedIfEmpty(own, { nodeEnv: 'development', env, now })).seeded).toBe(true);
    await own.query((q) => q.delete(events));
    const again = await seedIfEmpty(own, { nodeEnv: 'development', env, now });
    expect(again).toEqual({ seeded: false, staffCredentials: [] });
    expect(await own.query((q) => q.select().from(events))).toEqual([]);
  });
});

describe('seeding in production', () => {
  it('writes the settings only: no demo event, ticket, registration, staff account or password (issue 28)', async () => {
    const { db, env } = await freshTest();
    const result = await seedIfEmpty(db, { nodeEnv: 'production', env });
    expect(result).toEqual({ seeded: true, staffCredentials: [] });
    expect(await db.query((q) => q.select().from(staffUsers))).toEqual([]);
    expect(await db.query((q) => q.select().from(events))).toEqual([]);
    expect(await db.query((q) => q.select().from(ticketTypes))).toEqual([]);
    expect(await db.query((q) => q.select().from(registrations))).toEqual([]);
    expect((await db.query((q) => q.select().from(settings))).length).toBeGreaterThan(0);
    // Seeded once: a second start finds the settings and adds nothing.
    expect(await seedIfEmpty(db, { nodeEnv: 'production', env })).toEqual({ seeded: false, staffCredentials: [] });
    expect(await db.query((q) => q.select().from(events))).toEqual([]);
  });
});

describe('upsertAdmin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  it('creates the admin, then resets its password, role and sessions', async () => {
    const db = await freshDb();
    const staffRow = async (where: ReturnType<typeof eq>) =>
      (await db.query((q) => q.select().from(staffUsers).where(where)))[0]!;
    expect(await upsertAdmin(db, 'Owner@Example.com', 'first-password')).toEqual({ created: true });
    let row = await staffRow(eq(staffUsers.email, 'owner@example.com'));
    // A platform admin, and an admin of the first organisation (created for a new install).
    expect(row.platformRole).toBe('platform_admin');
    const roleOf = async (id: number) =>
      (await db.query((q) => q.select({ role: memberships.role }).from(memberships).where(eq(memberships.staffUserId, id))))[0]
        ?.role;
    expect(await roleOf(row.id)).toBe('admin');
    expect(await verifyPassword(row.passwordHash, 'first-password')).toBe(true);

    const id = row.id;
    await db.query((q) => q.update(staffUsers).set({ platformRole: null, disabled: true }).where(eq(staffUsers.id, id)));
    await db.query((q) => q.update(memberships).set({ role: 'support' }).where(eq(memberships.staffUserId, id)));
    expect(await upsertAdmin(db, 'owner@example.com', 'second-password')).toEqual({ created: false });
    row = await staffRow(eq(staffUsers.id, id));
    expect(row).toMatchObject({ platformRole: 'platform_admin', disabled: false, tokenVersion: 1 });
    expect(await roleOf(id)).toBe('admin');
    expect(await verifyPassword(row.passwordHash, 'second-password')).toBe(true);
    expect(await verifyPassword(row.passwordHash, 'first-password')).toBe(false);

    await expect(upsertAdmin(db, 'owner@example.com', 'short')).rejects.toThrow(/at least 12/);
  });
});
