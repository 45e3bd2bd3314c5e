import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, events, memberships, registrations, staffUsers, weeklyReports } from '../db/schema';
import { EMAIL_KINDS } from '../mail/outbox';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { reportSlot, sendWeeklyReportIfDue } from './weekly-reports';
import { createTestOrganisation, setOrganisationSettings, testOrganisationId } from '../testing/organisations';
import { organisationOfEvent } from '../db/tenancy';

let t: TestDatabase;
const reports = () =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.kind, EMAIL_KINDS.weeklyReport)).orderBy(emailOutbox.id));
/** One run of the job at `at`, in a transaction of its own as the job runs it. */
const sendIfDue = (at: string) => t.db.transaction((tx) => sendWeeklyReportIfDue(tx, new Date(at)));
/** The test organisation's Weekly Reports switch (decision 056). */
const setWeeklyReports = (on: boolean, organisationId?: number) =>
  t.db.transaction((tx) => setOrganisationSettings(tx, { weeklyReports: on }, organisationId));
let other: number;

/** An administrator, a manager, and one paid registration in the week to Monday 23 November 2026. */
async function createDatabase() {
  t = await createTestDatabase();
  await t.db.transaction(async (tx) => {
    // An organisation's week goes to its administrators (decision 056), not the platform admins.
    const organisationId = await testOrganisationId(tx);
    other = await createTestOrganisation(tx, { slug: 'other-rides', displayName: 'Other Rides' });
    await tx
      .insert(staffUsers)
      .values({ email: 'platform@tdk.test', fullName: 'Platform', platformRole: 'platform_admin', passwordHash: 'x' });
    const staff = await tx
      .insert(staffUsers)
      .values([
        { email: 'boss@tdk.test', fullName: 'Boss', passwordHash: 'x' },
        { email: 'mgr@tdk.test', fullName: 'Manager', passwordHash: 'x' },
        { email: 'other@tdk.test', fullName: 'Other', passwordHash: 'x' },
      ])
      .returning({ id: staffUsers.id });
    await tx.insert(memberships).values([
      { staffUserId: staff[0]!.id, organisationId, role: 'admin' },
      { staffUserId: staff[1]!.id, organisationId, role: 'manager' },
      { staffUserId: staff[2]!.id, organisationId: other, role: 'admin' },
    ]);
    const [event] = await tx
      .insert(events)
      .values({
        organisationId,
        title: 'Pune Hill Run',
        date: '2026-12-05',
        time: '06:00',
        venue: 'Vetal Hill, Pune',
        location: 'Pune',
        category: 'Running',
        maxParticipants: 100,
      })
      .returning();
    // Sunday 22 November 2026 in India: inside the week reported on Monday 23 November.
    await tx.insert(registrations).values({
      registrationNumber: 'REGWEEK1',
      eventId: event!.id,
      organisationId: organisationOfEvent(event!.id),
      ticketName: 'General',
      ticketPricePaise: 50000,
      amountPaise: 50000,
      registrationDate: '2026-11-22T06:00:00.000Z',
      status: 'Confirmed',
      paymentStatus: 'Paid',
      qrCode: 'TDK-REGWEEK1-1',
    });
  });
}

describe('reportSlot', () => {
  it('is Monday 09:00 in India (03:30 UTC) of the current India week', () => {
    expect(reportSlot(new Date('2026-11-25T10:00:00Z'))).toEqual({
      weekOf: '2026-11-23',
      at: new Date('2026-11-23T03:30:00.000Z'),
    });
    // 23:00 UTC on Sunday is already Monday 04:30 in India.
    expect(reportSlot(new Date('2026-11-22T23:00:00Z')).weekOf).toBe('2026-11-23');
    // 18:00 UTC on Sunday is still Sunday 23:30 in India: the week of the 16th.
    expect(reportSlot(new Date('2026-11-22T18:00:00Z')).weekOf).toBe('2026-11-16');
  });
});

describe('sendWeeklyReportIfDue', () => {
  beforeEach(createDatabase);
  afterEach(() => t.close());

  it('sends nothing while every organisation has Weekly Reports off', async () => {
    await setWeeklyReports(false);
    await setWeeklyReports(false, other);
    expect(await sendIfDue('2026-11-23T04:00:00Z')).toBeNull();
    expect(await reports()).toHaveLength(0);
  });

  it('waits for Monday 09:00 India time, then sends once to the administrators, however often it runs', async () => {
    await setWeeklyReports(true);
    expect(await sendIfDue('2026-11-23T03:29:00Z')).toBeNull();
    expect(await sendIfDue('2026-11-23T03:30:00Z')).toBe('2026-11-23');
    // A restart later that week, or another instance, finds the week recorded.
    expect(await sendIfDue('2026-11-23T03:35:00Z')).toBeNull();
    expect(await sendIfDue('2026-11-27T12:00:00Z')).toBeNull();
    const [report] = await reports();
    expect(await reports()).toHaveLength(1);
    expect(report!.to).toBe('boss@tdk.test');
    expect(report!.text).toContain('Revenue (paid): ₹500');
    expect(report!.text).toContain('Registrations: 1');
    expect(report!.text).toContain('Best-selling event: Pune Hill Run');
    expect((await t.db.query((db) => db.select().from(weeklyReports))).map((r) => r.weekOf)).toEqual(['2026-11-23']);
  });

  it('sends each organisation with Weekly Reports on its own week, to its own administrators', async () => {
    await setWeeklyReports(true);
    await setWeeklyReports(true, other);
    expect(await sendIfDue('2026-11-23T03:30:00Z')).toBe('2026-11-23');
    const sent = await reports();
    expect(sent.map((r) => r.to)).toEqual(['boss@tdk.test', 'other@tdk.test']);
    expect(sent[1]!.text).toContain('How Other Rides did');
    expect(sent[1]!.text).toContain('Registrations: 0');
    expect(sent[1]!.text).not.toContain('Pune Hill Run');
    // Only B on: only B hears the next week.
    await setWeeklyReports(false);
    expect(await sendIfDue('2026-11-30T05:00:00Z')).toBe('2026-11-30');
    expect((await reports()).slice(2).map((r) => r.to)).toEqual(['other@tdk.test']);
  });

  it('sends the next week on its Monday', async () => {
    await setWeeklyReports(true);
    expect(await sendIfDue('2026-11-23T03:30:00Z')).toBe('2026-11-23');
    expect(await sendIfDue('2026-11-30T05:00:00Z')).toBe('2026-11-30');
    expect(await reports()).toHaveLength(2);
    expect((await reports())[1]!.text).toContain('Registrations: 0');
  });
});
