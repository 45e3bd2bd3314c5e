// The reports a race runs on (issue 44, decision 066): T-shirt sizes for the vendor, the medical
// sheet, minors' guardians, the start list, kit collection and the check-ins, each a CSV of the
// event's paid attendees (Confirmed or Checked-In; never a hold, a pending or a cancelled entry),
// written by the platform's one CSV writer (contract/csv.ts: its quoting and formula guard).
// Scoped by the data layer: every read names the acting organisation (ownRegistrations, decision
// 059) as well as the event, so a report of another organisation's event is empty, whatever the
// route. Every download is an export, audited in the transaction it is read in. The CSV and the
// printable PDF (race-report-pdf.ts, decision 073) are two forms of the same rows: raceReportTable
// reads and audits them, and each form only formats them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ageOn,
  categoryOf,
  waveOf,
  csvDocument,
  PERSONAL_RACE_REPORTS,
  RACE_REPORT_COLUMNS,
  type CsvValue,
  type RaceReportFormat,
  type RaceReportKind,
} from '../contract';
import type { Db } from '../db/client';
import { selectAttendees, type AttendeeRow } from '../db/attendee-rows';
import { ENTRY_LIST } from '../db/model';
import { KIT_LIST_ID } from '../contract/check-in-lists';
import { checkIns, events, registrations } from '../db/schema';
import { ownRegistrations, type OrganisationId } from '../db/tenancy';
import { recordAudit, type AuditEntryInput } from './audit';
import { indiaDateTime } from './registration-csv';

/** Statuses of an attendee who paid and holds a place (a checked-in runner too). */
const PAID_STATUSES = ['Confirmed', 'Checked-In'] as const;

const ADULT_AGE = 18;

/** T-shirt sizes in the order a vendor counts them; any other size after them, alphabetically. */
const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '3XL', '4XL'];
const sizeRank = (size: string) => {
  const i = SIZE_ORDER.indexOf(size.toUpperCase());
  return i === -1 ? SIZE_ORDER.length : i;
};
export const NO_SIZE = 'Not given';

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

/** The event's paid attendees, the organisation's only, by bib (those without one last), then name. */
export async function paidAttendees(tx: Db, organisationId: OrganisationId, eventId: number): Promise<AttendeeRow[]> {
  const rows = await selectAttendees(tx)
    .where(
      and(
        eq(registrations.eventId, eventId),
        ownRegistrations(organisationId),
        inArray(registrations.status, [...PAID_STATUSES]),
      ),
    )
    .orderBy(asc(registrations.id));
  return rows.sort(
    (a, b) =>
      (a.bib ?? Number.MAX_SAFE_INTEGER) - (b.bib ?? Number.MAX_SAFE_INTEGER) ||
      `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`) ||
      a.id - b.id,
  );
}

/** Each attendee's admissions on every list (entry, kit, the organiser's own), by attendee. */
async function admissionsOf(tx: Db, ids: number[]) {
  const byAttendee = new Map<number, (typeof checkIns.$inferSelect)[]>();
  if (ids.length === 0) return byAttendee;
  const rows = await tx.select().from(checkIns).where(inArray(checkIns.registrationId, ids)).orderBy(asc(checkIns.checkedInAt));
  for (const row of rows) byAttendee.set(row.registrationId, [...(byAttendee.get(row.registrationId) ?? []), row]);
  return byAttendee;
}

const name = (r: AttendeeRow): CsvValue[] => [r.firstName, r.lastName];

async function reportRows(tx: Db, kind: RaceReportKind, eventId: number, attendees: AttendeeRow[]): Promise<CsvValue[][]> {
  switch (kind) {
    case 'tshirts': {
      const counts = new Map<string, { ticket: string; size: string; count: number }>();
      for (const r of attendees) {
        const size = r.shirtSize.trim() || NO_SIZE;
        const key = `${r.ticketName}\u0000${size}`;
        const line = counts.get(key) ?? { ticket: r.ticketName, size, count: 0 };
        line.count += 1;
        counts.set(key, line);
      }
      return [...counts.values()]
        .sort(
          (a, b) =>
            a.ticket.localeCompare(b.ticket) ||
            Number(a.size === NO_SIZE) - Number(b.size === NO_SIZE) ||
            sizeRank(a.size) - sizeRank(b.size) ||
            a.size.localeCompare(b.size),
        )
        .map((l) => [l.ticket, l.size, l.count]);
    }
    case 'medical':
      return attendees.map((r) => [
        r.bib,
        r.registrationNumber,
        ...name(r),
        r.ticketName,
        r.bloodGroup,
        r.medicalConditions,
        r.emergencyContactName,
        r.emergencyContactPhone,
      ]);
    case 'guardians':
      return attendees
        .filter((r) => r.dateOfBirth && ageOn(r.dateOfBirth, r.eventDate) < ADULT_AGE)
        .map((r) => [
          r.bib,
          r.registrationNumber,
          ...name(r),
          r.dateOfBirth,
          ageOn(r.dateOfBirth!, r.eventDate),
          r.ticketName,
          r.guardianName,
          r.guardianRelation,
          r.guardianPhone,
          indiaDateTime(r.guardianConsentAt),
        ]);
    case 'start-list':
      // Categories as the results derive them (decision 063): the race's age groups, the event's day.
      return attendees.map((r) => [
        r.bib,
        ...name(r),
        r.gender,
        r.dateOfBirth,
        categoryOf(r, r.eventDate, r.raceAgeGroups),
        r.ticketName,
        // The runner's start wave (decision 068): staff's hand assignment, else derived from their answer.
        waveOf(r, { waves: r.raceWaves, waveQuestionId: r.raceWaveQuestionId })?.name ?? '',
        r.teamName,
      ]);
    case 'kit': {
      const admissions = await admissionsOf(
        tx,
        attendees.map((r) => r.id),
      );
      return attendees.map((r) => {
        const kit = admissions.get(r.id)?.find((a) => a.list === KIT_LIST_ID);
        return [
          r.bib,
          r.registrationNumber,
          ...name(r),
          r.ticketName,
          r.shirtSize,
          kit ? 'Yes' : 'No',
          indiaDateTime(kit?.checkedInAt),
          // What the desk ticked as handed over (decision 065), as the gate records it.
          kit?.items ? (JSON.parse(kit.items) as string[]).join(', ') : '',
        ];
      });
    }
    case 'check-ins': {
      const admissions = await admissionsOf(
        tx,
        attendees.map((r) => r.id),
      );
      return attendees.flatMap((r) =>
        (admissions.get(r.id) ?? [])
          .sort((a, b) => Number(b.list === ENTRY_LIST) - Number(a.list === ENTRY_LIST) || a.list.localeCompare(b.list))
          .map((a) => [
            r.bib,
            r.registrationNumber,
            ...name(r),
            r.ticketName,
            a.list,
            a.gate,
            indiaDateTime(a.checkedInAt),
            a.staffEmail,
            a.via,
          ]),
      );
    }
  }
}

/** The event a report is of, as the printed report heads its pages. */
export interface ReportEvent {
  title: string;
  date: string;
  time: string;
  venue: string;
}

/** One report's rows under its columns, of its event: what the CSV and the PDF both only format. */
export interface RaceReportTable {
  kind: RaceReportKind;
  event: ReportEvent;
  columns: readonly string[];
  rows: CsvValue[][];
}

/**
 * One report of the event, its rows read and its export audited in `tx` (whichever form it is
 * downloaded in: the CSV and the PDF are one export, decision 073), or undefined when the event is
 * not the organisation's.
 */
export async function raceReportTable(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  kind: RaceReportKind,
  format: RaceReportFormat,
  actor: Actor,
): Promise<RaceReportTable | undefined> {
  const event = await ownEvent(tx, organisationId, eventId);
  if (!event) return undefined;
  const attendees = await paidAttendees(tx, organisationId, eventId);
  const rows = await reportRows(tx, kind, eventId, attendees);
  await recordReportExport(tx, organisationId, eventId, actor, {
    report: kind,
    format,
    rows: rows.length,
    personalData: PERSONAL_RACE_REPORTS.includes(kind),
  });
  return { kind, event, columns: RACE_REPORT_COLUMNS[kind], rows };
}

/** A report as its CSV document (with a BOM, for spreadsheets). */
export const raceReportCsv = (table: RaceReportTable) => csvDocument([table.columns, ...table.rows]);

/** Event `eventId`'s heading facts when it is the organisation's (another's is not found, decision 051). */
async function ownEvent(tx: Db, organisationId: OrganisationId, eventId: number): Promise<ReportEvent | undefined> {
  const [event] = await tx
    .select({ title: events.title, date: events.date, time: events.time, venue: events.venue })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)));
  return event;
}

/** Whether event `eventId` is the organisation's (another's is not found, decision 051). */
export async function isOwnEvent(tx: Db, organisationId: OrganisationId, eventId: number): Promise<boolean> {
  return (await ownEvent(tx, organisationId, eventId)) !== undefined;
}

/** The audit entry of a report's download: personal-data access (decision 030), in the transaction that read it. */
async function recordReportExport(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  actor: Actor,
  detail: { report: string; format: RaceReportFormat; rows: number; personalData: boolean },
) {
  await recordAudit(tx, { ...actor, organisationId, action: 'export', entity: 'race_report', entityId: eventId, detail });
}

/** A report's CSV document (header row first), its export audited in `tx` with its row count. */
export async function auditedReport(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  actor: Actor,
  report: string,
  personalData: boolean,
  table: readonly (readonly CsvValue[])[],
): Promise<string> {
  await recordReportExport(tx, organisationId, eventId, actor, { report, format: 'csv', rows: table.length - 1, personalData });
  return csvDocument(table as CsvValue[][]);
}
