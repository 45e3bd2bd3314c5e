// Gate check-in (issue 11): the signature first, then the database. One transaction per scan, so
// two gates admitting one ticket at the same moment cannot both win; the offline batch is judged
// the same way, scan by scan, and the first to reach the server stands.
import { and, eq, sql } from 'drizzle-orm';
import { CHECK_IN_REFUSALS, type CheckInListEntry, type CheckInResult } from '../contract';
import type { AppDb, Db } from '../db/client';
import { events, registrations } from '../db/schema';
import type { Env } from '../env';
import { atomically } from './holds';
import { indiaDay } from './india-time';
import type { RegistrationRow } from './registrations';
import { parseTicketCode, signedTicketCode } from './ticket-codes';

type CodeEnv = Pick<Env, 'sessionSecret' | 'dataDir'>;

export type Judgement =
  { kind: 'admit'; row: RegistrationRow } | { kind: 'duplicate'; row: RegistrationRow } | { kind: 'refuse'; reason: string };

/** What the gate should do with a code at `at`, without changing anything. */
export function judgeCode(db: Db, env: CodeEnv, code: string, eventId: number | undefined, at: Date): Judgement {
  const parsed = parseTicketCode(env, code);
  if (parsed.kind === 'forged') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  const row = db.select().from(registrations).where(eq(registrations.registrationNumber, parsed.registrationNumber)).get();
  if (!row) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unknown };
  if (parsed.kind === 'signed' && parsed.eventId !== row.eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.forged };
  if (eventId !== undefined && row.eventId !== eventId) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.otherEvent };
  if (row.status === 'Cancelled') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.cancelled };
  if (row.paymentStatus !== 'Paid') return { kind: 'refuse', reason: CHECK_IN_REFUSALS.unpaid };
  if (row.checkInTime) return { kind: 'duplicate', row };
  if (row.eventDate !== indiaDay(at)) return { kind: 'refuse', reason: CHECK_IN_REFUSALS.notToday };
  return { kind: 'admit', row };
}

function admit(db: Db, row: RegistrationRow, at: Date, gate: string | null, staffEmail: string): RegistrationRow {
  db.update(registrations)
    .set({
      status: 'Checked-In',
      checkInTime: at.toISOString(),
      checkInGate: gate,
      checkedInBy: staffEmail,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(registrations.id, row.id), sql`${registrations.checkInTime} IS NULL`))
    .run();
  return db.select().from(registrations).where(eq(registrations.id, row.id)).get()!;
}

/** One scan at the gate, now. */
export function checkIn(
  db: AppDb,
  env: CodeEnv,
  input: { code: string; gate?: string; eventId?: number },
  staffEmail: string,
  now = new Date(),
) {
  return atomically(db, (): Judgement => {
    const judgement = judgeCode(db, env, input.code, input.eventId, now);
    if (judgement.kind !== 'admit') return judgement;
    return { kind: 'admit', row: admit(db, judgement.row, now, input.gate ?? null, staffEmail) };
  });
}

/** A scan's time may run a little ahead of the server's clock; further is refused. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The offline queue of a device. Each scan is judged at the time it was made; one that the server
 * already holds (same time and gate) answers 'checked-in' again, so the same batch twice changes
 * nothing; a ticket someone else admitted first answers 'duplicate' with the standing check-in.
 */
export function syncCheckIns(
  db: AppDb,
  env: CodeEnv,
  batch: { eventId?: number; listedAt?: string; scans: { code: string; scannedAt: string; gate: string }[] },
  staffEmail: string,
  now = new Date(),
): CheckInResult[] {
  return atomically(db, () =>
    batch.scans.map((scan): CheckInResult => {
      const at = new Date(scan.scannedAt);
      const refused = (reason: string): CheckInResult => ({
        code: scan.code,
        outcome: 'refused',
        checkInTime: null,
        gate: null,
        reason,
      });
      if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return refused(CHECK_IN_REFUSALS.future);
      if (batch.listedAt && at.getTime() < Date.parse(batch.listedAt)) return refused(CHECK_IN_REFUSALS.beforeList);
      const judgement = judgeCode(db, env, scan.code, batch.eventId, at);
      if (judgement.kind === 'refuse') return refused(judgement.reason);
      if (judgement.kind === 'duplicate') {
        const { checkInTime, checkInGate } = judgement.row;
        const same = checkInTime === at.toISOString() && checkInGate === scan.gate;
        return { code: scan.code, outcome: same ? 'checked-in' : 'duplicate', checkInTime, gate: checkInGate };
      }
      const row = admit(db, judgement.row, at, scan.gate, staffEmail);
      return { code: scan.code, outcome: 'checked-in', checkInTime: row.checkInTime, gate: row.checkInGate };
    }),
  );
}

/**
 * What the event's list is made of, in one indexed aggregate: any registration added, changed
 * (every write sets updated_at) or deleted, or the event's own title or date changed, changes it.
 * A device asking every few seconds is answered 304 without the list being built.
 */
export function checkInListVersion(db: Db, eventId: number): string | undefined {
  const event = db.select({ updatedAt: events.updatedAt }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return undefined;
  const mix = db
    .select({
      count: sql<number>`count(*)`,
      latest: sql<string>`coalesce(max(${registrations.updatedAt}), '')`,
      ids: sql<number>`coalesce(sum(${registrations.id}), 0)`,
    })
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .get()!;
  return `${event.updatedAt}|${mix.count}|${mix.latest}|${mix.ids}`;
}

/** Everything a device needs to judge an event's tickets offline. */
export function checkInList(
  db: Db,
  env: CodeEnv,
  eventId: number,
): { eventTitle: string; eventDate: string; entries: CheckInListEntry[]; checkedIn: number; confirmed: number } | undefined {
  const event = db.select({ title: events.title, date: events.date }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return undefined;
  const rows = db.select().from(registrations).where(eq(registrations.eventId, eventId)).orderBy(registrations.id).all();
  const entries = rows.map((row) => ({
    code: signedTicketCode(env, row.registrationNumber, row.eventId),
    registrationNumber: row.registrationNumber,
    name: `${row.firstName} ${row.lastName}`.trim(),
    ticketName: row.ticketName,
    quantity: row.quantity,
    status: row.status,
    paymentStatus: row.paymentStatus,
    checkInTime: row.checkInTime,
    gate: row.checkInGate,
  }));
  const admitted = rows.filter((row) => row.paymentStatus === 'Paid' && row.status !== 'Cancelled');
  return {
    eventTitle: event.title,
    eventDate: event.date,
    entries,
    checkedIn: admitted.filter((row) => row.checkInTime).length,
    confirmed: admitted.length,
  };
}
