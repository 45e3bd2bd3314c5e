// Results (issue 43, decision 063): staff import the timing company's file (a dry run lists every bad
// row with its line before anything is saved), each save is a new version of the event's results,
// kept and audited; publishing makes the latest version public; staff can withhold one result (a
// DQ under review). Categories are derived at the import from the attendee and the race's age
// groups, and frozen on the row; ranks are a cache that `rankVersion` recomputes (on withhold) and
// the import writes from the same function (contract/ranks.ts). Every write takes the caller's
// transaction and writes its audit entry in it.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  categoryOf,
  DEFAULT_LANGUAGE,
  LANGUAGE_QUERY,
  parseLanguage,
  UPLOADED_IMAGE_URL,
  type Language,
  formatRaceTime,
  paceOf,
  rankResults,
  readResultsFile,
  RESULT_STATUSES,
  type AdminResult,
  type AdminResultsResponse,
  type PublicResult,
  type PublicResultsResponse,
  type ResultFileError,
  type ResultsImportResponse,
  type ResultStatus,
  type ResultVersionSummary,
  type SignedResultPayload,
} from '../contract';
import type { Database, Db } from '../db/client';
import { isAttendee } from '../db/attendee-rows';
import { forUpdate } from '../db/functions';
import { announceOutbox } from '../db/notify';
import { emailOutbox, events, orders, organisations, registrations, results, resultVersions, ticketTypes } from '../db/schema';
import { readSettings } from '../db/settings';
import { EMAIL_KINDS } from '../mail/kinds';
import { finisherCertificateEmail } from '../mail/results-templates';
import type { Env } from '../env';
import { resultSigningKey, signResult, type ResultSigningKey } from '../signing/result-keys';
import { selfBaseUrl } from '../urls';
import { recordAudit } from './audit';
import type { CertificateFacts } from './certificate-pdf';
import { detectImageType } from './uploads';
import { organiserNotSuspended } from './events';
import { recordWebhookEvent } from './webhook-outbox';

export class ResultsRefused extends Error {
  override name = 'ResultsRefused';
  constructor(
    readonly reason: 'not_found' | 'nothing_to_publish' | 'invalid',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The file had bad rows: nothing was saved. */
export class ResultsFileRefused extends Error {
  override name = 'ResultsFileRefused';
  constructor(readonly answer: ResultsImportResponse) {
    super(
      `${answer.errors.length === 1 ? 'A row has a problem' : `${answer.errors.length} problems in the file`}: nothing was saved`,
    );
  }
}

export interface ResultsActor {
  actorUserId: number | null;
  actorEmail: string;
  ip?: string | null;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values (13 columns a row). */
const INSERT_BATCH = 1000;

const countsOf = (statuses: ResultStatus[]) => {
  const counts = Object.fromEntries(RESULT_STATUSES.map((s) => [s, 0])) as Record<ResultStatus, number>;
  for (const s of statuses) counts[s]++;
  return counts;
};

const summaryOf = (row: typeof resultVersions.$inferSelect): ResultVersionSummary => ({
  id: row.id,
  number: row.number,
  rows: row.rows,
  createdByEmail: row.createdByEmail,
  createdAt: row.createdAt,
  publishedAt: row.publishedAt,
});

/** A finisher whose gun time (the net time when the file gives none) is over the race's cut-off (decision 070). */
const slowerThanCutOff = (
  row: { status: ResultStatus; gunTenths: number | null; netTenths: number | null },
  cutOff: number | null,
) => cutOff !== null && row.status === 'finisher' && (row.gunTenths ?? row.netTenths ?? 0) > cutOff;

/**
 * Reads a results file against the event's runners; without `dryRun`, and with no bad row, saves it
 * as the event's next version (one transaction: every row or none). Throws ResultsFileRefused when a
 * save finds bad rows.
 */
export async function importResults(
  tx: Db,
  input: { eventId: number; text: string; dryRun: boolean; actor: ResultsActor },
): Promise<ResultsImportResponse> {
  // The event's row, locked: two saves at once number their versions one after the other.
  const [event] = await forUpdate(
    tx
      .select({ id: events.id, date: events.date, organisationId: events.organisationId })
      .from(events)
      .where(eq(events.id, input.eventId)),
  );
  if (!event) throw new ResultsRefused('not_found', 'Event not found');
  const file = readResultsFile(input.text);
  const errors: ResultFileError[] = [...file.errors];

  const runners = await tx
    .select({
      id: registrations.id,
      bib: registrations.bib,
      raceId: registrations.ticketId,
      status: registrations.status,
      dateOfBirth: registrations.dateOfBirth,
      gender: registrations.gender,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, event.id), isNotNull(registrations.bib), isAttendee));
  const runnerByBib = new Map(runners.map((r) => [r.bib!, r]));
  const races = await tx
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      ageGroups: ticketTypes.ageGroups,
      cutOffTenths: ticketTypes.cutOffTenths,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id));
  const groupsOf = new Map(races.map((r) => [r.id, r.ageGroups]));
  const raceOf = new Map(races.map((r) => [r.id, r]));

  const good: {
    row: (typeof file.rows)[number];
    runner: (typeof runners)[number] & { raceId: number };
    category: string;
  }[] = [];
  for (const row of file.rows) {
    const runner = runnerByBib.get(row.bib);
    if (!runner) errors.push({ line: row.line, message: `No runner of this event has bib ${row.bib}` });
    else if (runner.status === 'Cancelled') errors.push({ line: row.line, message: `Bib ${row.bib}'s entry is cancelled` });
    else if (runner.raceId === null || !groupsOf.has(runner.raceId))
      errors.push({ line: row.line, message: `Bib ${row.bib}'s race (ticket type) no longer exists` });
    else if (slowerThanCutOff(row, raceOf.get(runner.raceId)!.cutOffTenths)) {
      const race = raceOf.get(runner.raceId)!;
      errors.push({
        line: row.line,
        message: `Bib ${row.bib} finished in ${formatRaceTime(row.gunTenths ?? row.netTenths!)}, slower than the ${race.name}'s cut-off of ${formatRaceTime(race.cutOffTenths!)}: mark them DNF or correct the time`,
      });
    } else
      good.push({
        row,
        runner: { ...runner, raceId: runner.raceId },
        category: categoryOf(runner, event.date, groupsOf.get(runner.raceId)),
      });
  }
  errors.sort((a, b) => a.line - b.line);
  const answer: ResultsImportResponse = {
    rows: good.length,
    errors,
    counts: countsOf(good.map((g) => g.row.status)),
  };
  if (input.dryRun) return answer;
  if (errors.length > 0) throw new ResultsFileRefused(answer);
  if (good.length === 0) {
    throw new ResultsFileRefused({ ...answer, errors: [{ line: 1, message: 'The file has no results' }] });
  }

  const [last] = await tx
    .select({ number: resultVersions.number })
    .from(resultVersions)
    .where(eq(resultVersions.eventId, event.id))
    .orderBy(desc(resultVersions.number))
    .limit(1);
  const [version] = await tx
    .insert(resultVersions)
    .values({
      eventId: event.id,
      organisationId: event.organisationId,
      number: (last?.number ?? 0) + 1,
      rows: good.length,
      createdByEmail: input.actor.actorEmail,
      createdAt: new Date().toISOString(),
    })
    .returning();
  const ranks = rankResults(
    good.map((g, i) => ({
      id: i,
      race: g.runner.raceId,
      finisher: g.row.status === 'finisher',
      netTenths: g.row.netTenths,
      gender: g.runner.gender,
      category: g.category,
    })),
  );
  for (let start = 0; start < good.length; start += INSERT_BATCH) {
    await tx.insert(results).values(
      good.slice(start, start + INSERT_BATCH).map((g, j) => ({
        versionId: version.id,
        registrationId: g.runner.id,
        raceId: g.runner.raceId,
        bib: g.row.bib,
        line: g.row.line,
        status: g.row.status,
        gunTenths: g.row.gunTenths,
        netTenths: g.row.netTenths,
        splits: g.row.splits,
        category: g.category,
        ...ranks.get(start + j)!,
      })),
    );
  }
  await recordAudit(tx, {
    ...input.actor,
    organisationId: event.organisationId,
    action: 'import',
    entity: 'results',
    entityId: version.id,
    detail: { eventId: event.id, version: version.number, rows: good.length, counts: answer.counts },
  });
  return { ...answer, version: summaryOf(version) };
}

/**
 * Recomputes a version's ranks from its rows (finishers not withheld, on net time, within each
 * race) and writes those that changed; returns how many changed. The cache's one writer after the import.
 */
export async function rankVersion(tx: Db, versionId: number): Promise<number> {
  const rows = await rankInputs(tx, versionId);
  const ranks = rankResults(rows);
  let changed = 0;
  for (const row of rows) {
    const r = ranks.get(row.id)!;
    if (r.rankOverall === row.rankOverall && r.rankGender === row.rankGender && r.rankCategory === row.rankCategory) continue;
    await tx.update(results).set(r).where(eq(results.id, row.id));
    changed++;
  }
  return changed;
}

/** A version's rows as the ranking reads them, with their cached ranks. */
export async function rankInputs(db: Db, versionId: number) {
  const rows = await db
    .select({
      id: results.id,
      race: results.raceId,
      status: results.status,
      withheld: results.withheld,
      netTenths: results.netTenths,
      gender: registrations.gender,
      category: results.category,
      rankOverall: results.rankOverall,
      rankGender: results.rankGender,
      rankCategory: results.rankCategory,
    })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .where(eq(results.versionId, versionId));
  return rows.map((r) => ({ ...r, finisher: r.status === 'finisher' && !r.withheld }));
}

/** Makes the event's latest version public (again, if it already is: nothing changes). */
export async function publishResults(tx: Db, eventId: number, actor: ResultsActor): Promise<ResultVersionSummary> {
  const [latest] = await forUpdate(
    tx.select().from(resultVersions).where(eq(resultVersions.eventId, eventId)).orderBy(desc(resultVersions.number)).limit(1),
  );
  if (!latest) throw new ResultsRefused('nothing_to_publish', 'Import the results before publishing them');
  if (latest.publishedAt) return summaryOf(latest);
  const [published] = await tx
    .update(resultVersions)
    .set({ publishedAt: new Date().toISOString() })
    .where(eq(resultVersions.id, latest.id))
    .returning();
  await recordAudit(tx, {
    ...actor,
    organisationId: latest.organisationId,
    action: 'publish',
    entity: 'results',
    entityId: latest.id,
    detail: { eventId, version: latest.number },
  });
  // The organisation's webhooks (decision 074): the payload names the event and its public results page.
  await recordWebhookEvent(tx, latest.organisationId, 'results.published', eventId);
  return summaryOf(published);
}

/** Withholds one result of the event (a DQ under review), or shows it again; the version's ranks are recomputed. */
export async function withholdResult(
  tx: Db,
  input: { eventId: number; resultId: number; withheld: boolean; reason: string; actor: ResultsActor },
): Promise<AdminResult> {
  const [found] = await forUpdate(
    tx
      .select({ id: results.id, versionId: results.versionId, organisationId: resultVersions.organisationId, bib: results.bib })
      .from(results)
      .innerJoin(resultVersions, eq(resultVersions.id, results.versionId))
      .where(and(eq(results.id, input.resultId), eq(resultVersions.eventId, input.eventId))),
  );
  if (!found) throw new ResultsRefused('not_found', 'Result not found');
  await tx
    .update(results)
    .set({ withheld: input.withheld, withheldReason: input.withheld ? input.reason : '' })
    .where(eq(results.id, found.id));
  await rankVersion(tx, found.versionId);
  // The version's row is touched so that the response cache's change counter moves on PostgreSQL
  // (its trigger is on result_versions, not on every result row: drizzle-postgres/0044).
  await tx
    .update(resultVersions)
    .set({ rows: sql`${resultVersions.rows}` })
    .where(eq(resultVersions.id, found.versionId));
  await recordAudit(tx, {
    ...input.actor,
    organisationId: found.organisationId,
    action: input.withheld ? 'withhold' : 'release',
    entity: 'result',
    entityId: found.id,
    detail: { eventId: input.eventId, bib: found.bib, reason: input.reason },
  });
  const [row] = await resultRows(tx, eq(results.id, found.id), 1, 0);
  return toAdminResult(row);
}

const resultColumns = {
  id: results.id,
  versionId: results.versionId,
  raceId: results.raceId,
  bib: results.bib,
  line: results.line,
  status: results.status,
  gunTenths: results.gunTenths,
  netTenths: results.netTenths,
  splits: results.splits,
  category: results.category,
  withheld: results.withheld,
  withheldReason: results.withheldReason,
  rankOverall: results.rankOverall,
  rankGender: results.rankGender,
  rankCategory: results.rankCategory,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  gender: registrations.gender,
  dateOfBirth: registrations.dateOfBirth,
  erasedAt: registrations.erasedAt,
  raceName: ticketTypes.name,
  distanceMetres: ticketTypes.distanceMetres,
};

type ResultRow = Awaited<ReturnType<typeof resultRows>>[number];

/** Ranked first (in rank order), then the rest by bib: the order every list of results shows. */
const listOrder = [
  asc(results.raceId),
  sql`case when ${results.rankOverall} is null then 1 else 0 end`,
  asc(results.rankOverall),
  asc(results.bib),
];

function resultRows(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(resultColumns)
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, results.raceId))
    .where(where)
    .orderBy(...listOrder)
    .limit(limit)
    .offset(offset);
}

const nameOf = (row: Pick<ResultRow, 'firstName' | 'lastName' | 'erasedAt'>) =>
  row.erasedAt ? 'Name withheld' : `${row.firstName} ${row.lastName}`.trim();

function toResultFields(row: ResultRow): Omit<PublicResult, 'signedResult'> {
  return {
    id: row.id,
    bib: row.bib,
    name: nameOf(row),
    race: row.raceName ?? '',
    raceId: row.raceId,
    category: row.category,
    gender: row.gender,
    status: row.status,
    netTime: row.netTenths === null ? null : formatRaceTime(row.netTenths),
    gunTime: row.gunTenths === null ? null : formatRaceTime(row.gunTenths),
    pace: row.netTenths === null || row.status !== 'finisher' ? null : (paceOf(row.netTenths, row.distanceMetres) ?? null),
    splits: row.splits.map(formatRaceTime),
    rankOverall: row.rankOverall,
    rankGender: row.rankGender,
    rankCategory: row.rankCategory,
  };
}

const toAdminResult = (row: ResultRow): AdminResult => ({
  ...toResultFields(row),
  withheld: row.withheld,
  withheldReason: row.withheldReason,
  line: row.line,
});

/** Search by bib (digits) or by name (any part of it). */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (/^\d{1,9}$/.test(text)) return eq(results.bib, Number(text));
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`lower(${registrations.firstName} || ' ' || ${registrations.lastName}) like ${pattern} escape '\\'`;
}

/** Staff's view: every version, newest first, and the latest's results (searched, at most `limit`). */
export async function adminResults(db: Db, eventId: number, q: string | undefined, limit = 100): Promise<AdminResultsResponse> {
  const versions = await db
    .select()
    .from(resultVersions)
    .where(eq(resultVersions.eventId, eventId))
    .orderBy(desc(resultVersions.number));
  if (versions.length === 0) return { versions: [], results: [] };
  const rows = await resultRows(db, and(eq(results.versionId, versions[0].id), searchCondition(q)), limit, 0);
  return { versions: versions.map(summaryOf), results: rows.map(toAdminResult) };
}

type PublicEventFacts = { id: number; title: string; date: string; organiser: string };

async function publicEvent(db: Db, eventId: number): Promise<PublicEventFacts | undefined> {
  const [event] = await db
    .select({ id: events.id, title: events.title, date: events.date, organiser: organisations.displayName })
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(and(eq(events.id, eventId), sql`${events.status} <> 'Draft'`, organiserNotSuspended));
  return event;
}

/** The event's newest published version, or undefined. */
async function publishedVersion(db: Db, eventId: number) {
  const [version] = await db
    .select()
    .from(resultVersions)
    .where(and(eq(resultVersions.eventId, eventId), isNotNull(resultVersions.publishedAt)))
    .orderBy(desc(resultVersions.number))
    .limit(1);
  return version;
}

type SignEnv = Pick<Env, 'resultsSigningKey' | 'resultsRetiredKeys' | 'dataDir' | 'publicUrl' | 'port'>;

/** What a published result's signature says (contract/results.ts SignedResultPayload; decision 063). */
export function signedPayloadOf(row: ResultRow, event: PublicEventFacts, version: number, issuer: string): SignedResultPayload {
  const fields = toResultFields(row);
  return {
    v: 1,
    resultId: row.id,
    version,
    name: fields.name,
    birthYear: row.dateOfBirth && !row.erasedAt ? Number(row.dateOfBirth.slice(0, 4)) : null,
    gender: row.gender,
    bib: row.bib,
    event: { id: event.id, title: event.title, date: event.date },
    organiser: event.organiser,
    race: { id: row.raceId, name: fields.race, distanceMetres: row.distanceMetres },
    category: row.category,
    status: row.status,
    netTime: fields.netTime,
    gunTime: fields.gunTime,
    rankOverall: row.rankOverall,
    iss: issuer,
  };
}

async function toPublicResult(key: ResultSigningKey, row: ResultRow, event: PublicEventFacts, version: number, issuer: string) {
  return {
    ...toResultFields(row),
    signedResult: await signResult(key, signedPayloadOf(row, event, version, issuer)),
  } satisfies PublicResult;
}

export interface PublicResultsQuery {
  race?: number;
  category?: string;
  q?: string;
  limit: number;
  offset: number;
}

/** An event's published results (the newest published version), without withheld ones; undefined when none are published. */
export async function publicResults(
  db: Db,
  env: SignEnv,
  eventId: number,
  query: PublicResultsQuery,
): Promise<PublicResultsResponse | undefined> {
  const event = await publicEvent(db, eventId);
  if (!event) return undefined;
  const version = await publishedVersion(db, eventId);
  if (!version) return undefined;
  const where = and(
    eq(results.versionId, version.id),
    eq(results.withheld, false),
    query.race === undefined ? undefined : eq(results.raceId, query.race),
    query.category ? eq(results.category, query.category) : undefined,
    searchCondition(query.q),
  );
  const [rows, [{ total }], races, categories] = await Promise.all([
    resultRows(db, where, query.limit, query.offset),
    db
      .select({ total: sql<number>`count(*)` })
      .from(results)
      .innerJoin(registrations, eq(registrations.id, results.registrationId))
      .where(where),
    db
      .select({ id: ticketTypes.id, name: ticketTypes.name, distanceMetres: ticketTypes.distanceMetres })
      .from(ticketTypes)
      .where(
        sql`${ticketTypes.id} in (select distinct ${results.raceId} from ${results} where ${results.versionId} = ${version.id})`,
      )
      .orderBy(asc(ticketTypes.id)),
    db
      .selectDistinct({ category: results.category })
      .from(results)
      .where(and(eq(results.versionId, version.id), query.race === undefined ? undefined : eq(results.raceId, query.race)))
      .orderBy(asc(results.category)),
  ]);
  const key = await resultSigningKey(env);
  const issuer = selfBaseUrl(env);
  return {
    event,
    races: races.map((r) => ({ id: r.id, name: r.name, distanceKm: r.distanceMetres === null ? null : r.distanceMetres / 1000 })),
    categories: categories.map((c) => c.category),
    results: await Promise.all(rows.map((row) => toPublicResult(key, row, event, version.number, issuer))),
    total: Number(total),
    version: version.number,
  };
}

/** One published result (of any published version, not withheld), signed; undefined otherwise. */
export async function publicResult(db: Db, env: SignEnv, resultId: number) {
  const [row] = await resultRows(db, eq(results.id, resultId), 1, 0);
  if (!row || row.withheld) return undefined;
  const [version] = await db.select().from(resultVersions).where(eq(resultVersions.id, row.versionId));
  if (!version?.publishedAt) return undefined;
  const event = await publicEvent(db, version.eventId);
  if (!event) return undefined;
  return { result: await toPublicResult(await resultSigningKey(env), row, event, version.number, selfBaseUrl(env)), event };
}

/**
 * Each attendee's result in the newest published version that has one, not withheld (My bookings
 * links it, decision 070), by attendee id.
 */
export async function publishedResultsOf(
  db: Db,
  registrationIds: number[],
): Promise<Map<number, { id: number; status: ResultStatus; netTime: string | null }>> {
  const found = new Map<number, { id: number; status: ResultStatus; netTime: string | null }>();
  if (registrationIds.length === 0) return found;
  const rows = await db
    .select({
      id: results.id,
      registrationId: results.registrationId,
      status: results.status,
      netTenths: results.netTenths,
      withheld: results.withheld,
    })
    .from(results)
    .innerJoin(resultVersions, eq(resultVersions.id, results.versionId))
    .where(and(inArray(results.registrationId, registrationIds), isNotNull(resultVersions.publishedAt)))
    .orderBy(desc(resultVersions.number));
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.registrationId)) continue;
    seen.add(row.registrationId);
    // The newest published word on this runner is the one that counts: withheld there, none shown.
    if (!row.withheld)
      found.set(row.registrationId, {
        id: row.id,
        status: row.status,
        netTime: row.netTenths === null ? null : formatRaceTime(row.netTenths),
      });
  }
  return found;
}

type CertificateEnv = SignEnv & Pick<Env, 'sessionSecret' | 'mail'>;

/** How many finishers' e-mails one transaction queues: a marathon publishes tens of thousands at once. */
const CERTIFICATE_BATCH = 500;

/**
 * Queues the finishers' e-mails (decision 070) of published versions, in transactions of
 * CERTIFICATE_BATCH, run by the messages job under its lease (not in the publishing transaction:
 * 50,000 e-mails would be one 200 MB write). Each goes to the buyer, in the order's language, once
 * per attendee: a corrected version published later mails only finishers not mailed before (their
 * link always draws the newest result). Withheld and erased runners get none. A version is marked
 * done when a batch finds nobody left. Answers how many were queued.
 */
export async function queueCertificateEmails(database: Database, env: CertificateEnv, maxBatches = 20): Promise<number> {
  let queued = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const n = await database.transaction(async (tx) => {
      const [version] = await tx
        .select({ id: resultVersions.id })
        .from(resultVersions)
        .where(and(isNotNull(resultVersions.publishedAt), isNull(resultVersions.certificatesQueuedAt)))
        .orderBy(asc(resultVersions.id))
        .limit(1);
      if (!version) return -1;
      const count = await queueCertificateBatch(tx, env, version.id);
      if (count < CERTIFICATE_BATCH) {
        await tx
          .update(resultVersions)
          .set({ certificatesQueuedAt: new Date().toISOString() })
          .where(eq(resultVersions.id, version.id));
      }
      return count;
    });
    if (n < 0) break;
    queued += n;
  }
  return queued;
}

/** Up to CERTIFICATE_BATCH finishers of the version not mailed yet, queued; how many. */
async function queueCertificateBatch(tx: Db, env: CertificateEnv, versionId: number): Promise<number> {
  const rows = await tx
    .select({
      id: results.id,
      registrationId: results.registrationId,
      bib: results.bib,
      netTenths: results.netTenths,
      rankOverall: results.rankOverall,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      race: ticketTypes.name,
      eventName: events.title,
      organisationId: events.organisationId,
      runnerEmail: registrations.email,
      buyerName: orders.customerName,
      buyerEmail: orders.customerEmail,
      language: orders.language,
    })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .innerJoin(orders, eq(orders.id, registrations.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, results.raceId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(
      and(
        eq(results.versionId, versionId),
        eq(results.status, 'finisher'),
        eq(results.withheld, false),
        isNull(registrations.erasedAt),
        isNotNull(results.netTenths),
        sql`(${registrations.email} <> '' or ${orders.customerEmail} <> '')`,
        sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.kind} = ${EMAIL_KINDS.finisherCertificate} and ${emailOutbox.registrationId} = ${results.registrationId})`,
      ),
    )
    .orderBy(asc(results.id))
    .limit(CERTIFICATE_BATCH);
  if (rows.length === 0) return 0;
  const { platformName } = await readSettings(tx);
  const base = selfBaseUrl(env);
  const at = new Date().toISOString();
  const letters = rows.map((row) => {
    const language = parseLanguage(row.language) ?? DEFAULT_LANGUAGE;
    const runner = `${row.firstName} ${row.lastName}`.trim();
    // The finisher's own address when they gave one (as their ticket went), else the buyer's.
    const own = row.runnerEmail !== '' && row.runnerEmail.toLowerCase() !== row.buyerEmail.toLowerCase();
    const email = finisherCertificateEmail({
      name: own ? runner : row.buyerName,
      runner,
      eventName: row.eventName,
      race: row.race,
      bib: row.bib,
      netTime: formatRaceTime(row.netTenths!),
      rankOverall: row.rankOverall,
      certificateUrl: `${base}/api/results/${row.id}/certificate.pdf?${LANGUAGE_QUERY}=${language}`,
      resultUrl: `${base}/result/${row.id}`,
      platformName,
      language,
    });
    return {
      kind: EMAIL_KINDS.finisherCertificate,
      to: own ? row.runnerEmail : row.buyerEmail,
      ...email,
      registrationId: row.registrationId,
      organisationId: row.organisationId,
      nextAttemptAt: at,
      createdAt: at,
    };
  });
  if (letters.length > 0) {
    await tx.insert(emailOutbox).values(letters);
    await announceOutbox(tx);
  }
  return rows.length;
}

/** Whether an event has published results (the event page links to them). */
export async function hasPublishedResults(db: Db, eventId: number): Promise<boolean> {
  return (await publishedVersion(db, eventId)) !== undefined;
}

/**
 * What a finisher's certificate shows (decision 070): the published result, its race's distance,
 * the organiser's name and logo file, and the language it is drawn in (the one asked for, else the
 * buyer's). Undefined when the result is not public; 'not_finisher' for a DNF, DNS or DQ.
 */
export async function certificateFacts(
  db: Db,
  env: SignEnv & Pick<Env, 'uploadsDir'>,
  resultId: number,
  language: Language | undefined,
): Promise<CertificateFacts | 'not_finisher' | undefined> {
  const published = await publicResult(db, env, resultId);
  if (!published) return undefined;
  if (published.result.status !== 'finisher') return 'not_finisher';
  const [facts] = await db
    .select({ distanceMetres: ticketTypes.distanceMetres, logoUrl: organisations.logoUrl, language: orders.language })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .leftJoin(orders, eq(orders.id, registrations.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, results.raceId))
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(eq(results.id, resultId));
  if (!facts) return undefined;
  return {
    result: published.result,
    distanceKm: facts.distanceMetres === null ? null : facts.distanceMetres / 1000,
    event: { title: published.event.title, date: published.event.date },
    organiser: { name: published.event.organiser, logo: uploadedLogo(env, facts.logoUrl) },
    verifyUrl: `${selfBaseUrl(env)}/verify#${published.result.signedResult}`,
    language: language ?? parseLanguage(facts.language) ?? DEFAULT_LANGUAGE,
  };
}

/** An uploaded PNG or JPEG logo's bytes (a PDF embeds those two); undefined for none, another type or a missing file. */
function uploadedLogo(env: Pick<Env, 'uploadsDir'>, url: string | null): CertificateFacts['organiser']['logo'] {
  if (!url || !UPLOADED_IMAGE_URL.test(url)) return undefined;
  const path = join(env.uploadsDir, basename(url));
  if (!existsSync(path)) return undefined;
  const data = new Uint8Array(readFileSync(path));
  const type = detectImageType(data);
  return type === 'png' ? { data, format: 'PNG' } : type === 'jpg' ? { data, format: 'JPEG' } : undefined;
}
