// Weekly Reports (each organisation's switch, decision 056): a summary of the organisation's past
// week e-mailed to its administrators every Monday at 09:00 India time. The job (jobs/weekly-report.ts) runs at start and then every few
// minutes, so a restart (or a server that was down at 09:00) still sends that week's report;
// the week is recorded in `weekly_reports` in the same transaction as the queued e-mail, so it is
// sent once per week however many times or instances the job runs.
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { isAttendee } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { events, organisations, registrations, weeklyReports } from '../db/schema';
import { EMAIL_KINDS, enqueueStaffEmail } from '../mail/outbox';
import { formatRupees, staffNotice } from '../mail/templates';
import { indiaDay, instantOfIndiaTime } from './india-time';
import { toRupees } from '../contract/money';
import { readSettings } from './settings';
import { administratorAddresses } from './staff-notices';

export const WEEKLY_REPORT_TIME = '09:00';
const WEEK_MS = 7 * 86_400_000;

/** The India Monday (YYYY-MM-DD) of the week `now` is in, and the instant of its 09:00. */
export function reportSlot(now: Date): { weekOf: string; at: Date } {
  const today = indiaDay(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const monday = new Date(Date.parse(`${today}T00:00:00Z`) - ((weekday + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
  return { weekOf: monday, at: instantOfIndiaTime(monday, WEEKLY_REPORT_TIME) };
}

/** One organisation's week before `at`: paid revenue, registrations, events created and the best-selling event. */
export async function weekSummary(db: Db, at: Date, organisationId: number) {
  const from = new Date(at.getTime() - WEEK_MS).toISOString();
  const to = at.toISOString();
  const inWeek = and(
    isAttendee,
    eq(events.organisationId, organisationId),
    gte(registrations.registrationDate, from),
    lt(registrations.registrationDate, to),
  );
  const [totals] = await db
    .select({
      registrations: sql<number>`count(*)`,
      paise: sql<number>`coalesce(sum(case when ${registrations.paymentStatus} = 'Paid' then ${registrations.amountPaise} else 0 end), 0)`,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(inWeek);
  const newEvents = await db.$count(
    events,
    and(eq(events.organisationId, organisationId), gte(events.createdAt, from), lt(events.createdAt, to)),
  );
  const count = sql<number>`count(*)`;
  // The event's title as it is now, read from the event (decision 036).
  const [top] = await db
    .select({ title: sql<string>`max(${events.title})`, count })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(inWeek, eq(registrations.paymentStatus, 'Paid')))
    .groupBy(registrations.eventId)
    .orderBy(desc(count), asc(registrations.eventId))
    .limit(1);
  return {
    from,
    to,
    registrations: totals!.registrations,
    revenue: toRupees(totals!.paise),
    newEvents,
    topEvent: top?.title ?? null,
  };
}

/**
 * Queues this week's reports when they are due and not yet sent; returns the week reported, or null.
 * Each organisation with Weekly Reports on gets its own week, sent to its administrators (decision
 * 056). Before Monday 09:00, already sent, or no organisation to report to: nothing happens. Runs
 * in the transaction it is handed: the week is claimed and its e-mails queued together, or neither.
 */
export async function sendWeeklyReportIfDue(tx: Db, now = new Date()): Promise<string | null> {
  const slot = reportSlot(now);
  if (now < slot.at) return null;
  const switchedOn = await tx
    .select({ id: organisations.id, displayName: organisations.displayName })
    .from(organisations)
    .where(and(eq(organisations.weeklyReports, true), ne(organisations.status, 'suspended')))
    .orderBy(asc(organisations.id));
  const reports: { organisation: (typeof switchedOn)[number]; to: string[] }[] = [];
  for (const organisation of switchedOn) {
    const to = await administratorAddresses(tx, organisation.id);
    if (to.length > 0) reports.push({ organisation, to });
  }
  if (reports.length === 0) return null;
  const claimed = await tx
    .insert(weeklyReports)
    .values({ weekOf: slot.weekOf, sentAt: now.toISOString() })
    .onConflictDoNothing()
    .returning({ weekOf: weeklyReports.weekOf });
  if (claimed.length !== 1) return null;
  const { platformName } = await readSettings(tx);
  for (const { organisation, to } of reports) {
    const week = await weekSummary(tx, slot.at, organisation.id);
    const email = staffNotice(
      {
        subject: `Weekly report for the week to ${slot.weekOf}`,
        title: 'Weekly report',
        intro: `How ${organisation.displayName} did in the seven days to Monday ${slot.weekOf}, 09:00 India time.`,
        items: [
          ['Revenue (paid)', formatRupees(week.revenue)],
          ['Registrations', String(week.registrations)],
          ['New events', String(week.newEvents)],
          ['Best-selling event', week.topEvent ?? '—'],
        ],
      },
      platformName,
    );
    await enqueueStaffEmail(tx, EMAIL_KINDS.weeklyReport, to, email, now);
  }
  return slot.weekOf;
}
