// The timing hand-off (issue 43, decision 068): the start list for a timing company, in RACE
// RESULT's participant import columns or a plain documented CSV, and the chip ids it hands back,
// imported by bib. Scoped by the data layer (decisions 051/059): the event is read with the acting
// organisation and its attendees with ownRegistrations, so another organisation's event is not
// found whatever the route. The export is audited as personal data; an import saves every chip of
// the file in one transaction or none.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  ageGroupFor,
  ageGroupLabel,
  ageGroupsOf,
  ageOn,
  OPEN_AGE_GROUP,
  PLAIN_TIMING_COLUMNS,
  RACERESULT_TIMING_COLUMNS,
  readChipsFile,
  waveOf,
  type ChipsImportResponse,
  type CsvValue,
  type TimingFormat,
} from '../contract';
import type { ResultFileError } from '../contract/results';
import type { Db } from '../db/client';
import { isAttendee, type AttendeeRow } from '../db/attendee-rows';
import { registrations } from '../db/schema';
import { ownRegistrations, type OrganisationId } from '../db/tenancy';
import { recordAudit, type AuditEntryInput } from './audit';
import { auditedReport, isOwnEvent, paidAttendees } from './race-reports';

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

const RACE_RESULT_GENDER: Record<string, string> = { male: 'M', female: 'F', other: 'X' };

/** The band of the runner's age on the event day, by their race's age groups; Open without a date of birth or outside every band. */
function ageGroupOf(r: AttendeeRow, groups: Parameters<typeof ageGroupsOf>[0]): string {
  if (!r.dateOfBirth) return OPEN_AGE_GROUP;
  const band = ageGroupFor(ageOn(r.dateOfBirth, r.eventDate), ageGroupsOf(groups));
  return band ? ageGroupLabel(band) : OPEN_AGE_GROUP;
}

/**
 * The event's start list for a timing company (paid attendees, by bib), or undefined when the event
 * is not the organisation's. Club and city are empty: the attendee form keeps neither.
 */
export async function timingStartList(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  format: TimingFormat,
  actor: Actor,
): Promise<string | undefined> {
  if (!(await isOwnEvent(tx, organisationId, eventId))) return undefined;
  const attendees = await paidAttendees(tx, organisationId, eventId);
  const rows: CsvValue[][] = attendees.map((r) => {
    const ageGroup = ageGroupOf(r, r.raceAgeGroups ?? null);
    const wave = waveOf(r, { waves: r.raceWaves, waveQuestionId: r.raceWaveQuestionId })?.name ?? '';
    return format === 'plain'
      ? [r.bib, r.chipId, r.firstName, r.lastName, r.gender, r.dateOfBirth, ageGroup, r.ticketName, wave, r.teamName, '', '']
      : [
          r.bib,
          r.chipId,
          r.firstName,
          r.lastName,
          RACE_RESULT_GENDER[r.gender] ?? '',
          r.dateOfBirth,
          r.ticketName,
          '',
          '',
          ageGroup,
          wave,
          r.teamName,
        ];
  });
  return auditedReport(tx, organisationId, eventId, actor, `timing-${format}`, true, [
    format === 'plain' ? PLAIN_TIMING_COLUMNS : RACERESULT_TIMING_COLUMNS,
    ...rows,
  ]);
}

/** A chips file with problems: the route answers 400 with them, and nothing is saved. */
export class ChipsFileRefused extends Error {
  override name = 'ChipsFileRefused';
  constructor(readonly answer: ChipsImportResponse) {
    super('The chips file has problems: nothing was saved');
  }
}

/**
 * Reads a chips file (`bib,chip_id`) and matches its bibs to the event's attendees (the
 * organisation's, not cancelled). A dry run answers every problem and the counts; otherwise a file
 * without problems assigns every chip in `tx` (a swap of chips between two bibs of the file too),
 * audited, and one with any problem throws ChipsFileRefused. undefined: not the organisation's event.
 */
export async function importChips(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  text: string,
  dryRun: boolean,
  actor: Actor,
): Promise<ChipsImportResponse | undefined> {
  if (!(await isOwnEvent(tx, organisationId, eventId))) return undefined;
  const { rows, errors } = readChipsFile(text);
  const problems: ResultFileError[] = [...errors];
  const bibs = rows.map((r) => r.bib);
  const runners = bibs.length
    ? await tx
        .select({ id: registrations.id, bib: registrations.bib, status: registrations.status })
        .from(registrations)
        .where(
          and(eq(registrations.eventId, eventId), ownRegistrations(organisationId), isAttendee, inArray(registrations.bib, bibs)),
        )
    : [];
  const byBib = new Map(runners.map((r) => [r.bib!, r]));
  // Chips already worn by a runner of the event the file does not give a new chip.
  const inFile = new Set(rows.map((r) => r.bib));
  const worn = await tx
    .select({ bib: registrations.bib, chipId: registrations.chipId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), ownRegistrations(organisationId), isNotNull(registrations.chipId)));
  const wornBy = new Map(worn.filter((w) => w.bib === null || !inFile.has(w.bib)).map((w) => [w.chipId!, w.bib]));
  for (const row of rows) {
    const runner = byBib.get(row.bib);
    if (!runner) problems.push({ line: row.line, message: `Bib ${row.bib} is not a runner of this event` });
    else if (runner.status === 'Cancelled') problems.push({ line: row.line, message: `Bib ${row.bib}'s entry is cancelled` });
    const other = wornBy.get(row.chipId);
    if (other !== undefined)
      problems.push({ line: row.line, message: `Chip ${row.chipId} is already worn by bib ${other ?? '(none)'}` });
  }
  problems.sort((a, b) => a.line - b.line);
  const answer: ChipsImportResponse = {
    errors: problems,
    counts: { rows: rows.length + new Set(errors.map((e) => e.line)).size, assigned: problems.length ? 0 : rows.length },
    saved: false,
  };
  if (dryRun) return answer;
  if (problems.length > 0) throw new ChipsFileRefused(answer);
  // Cleared first, so two bibs of the file may swap chips without meeting the unique index.
  const ids = rows.map((r) => byBib.get(r.bib)!.id);
  for (let i = 0; i < ids.length; i += 500) {
    await tx
      .update(registrations)
      .set({ chipId: null })
      .where(inArray(registrations.id, ids.slice(i, i + 500)));
  }
  for (const row of rows) {
    await tx
      .update(registrations)
      .set({ chipId: row.chipId })
      .where(and(eq(registrations.id, byBib.get(row.bib)!.id), ownRegistrations(organisationId)));
  }
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'import',
    entity: 'chips',
    entityId: eventId,
    detail: { assigned: rows.length },
  });
  return { ...answer, saved: true };
}
