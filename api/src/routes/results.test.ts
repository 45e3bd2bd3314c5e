// Results (issue 43, decision 063) through the API, on both engines: a race's age groups, a timing
// file imported with errors then corrected, ranks, publishing, withholding, versions and their
// audit, signed results verified with the published key, tenancy, 50,000 rows in one go, and the
// finishers' certificates (decision 070).
import type { JSONWebKeySet } from 'jose';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AdminResultsResponse,
  ApiErrorBody,
  PublicResultResponse,
  PublicResultsResponse,
  ResultsImportResponse,
  TicketResponse,
} from '../contract';
import { rankResults } from '../contract';
import { auditLog, events, resultVersions, results, ticketTypes } from '../db/schema';
import { organisationOfEvent } from '../db/tenancy';
import { rankInputs } from '../services/results';
import { verifySignedResult } from '../signing/result-keys';
import { createTestOrganisation, testOrganisationId } from '../testing/organisations';
import { pdfText, rasterise } from '../testing/poppler';
import { jsonRequest, staffCookie, TEST_ORIGIN } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let manager: string;
let coordinator: string;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  manager = await staffCookie(t, 'manager');
  coordinator = await staffCookie(t, 'coordinator');
});
afterAll(() => t.close());

const send = async <T>(method: string, path: string, body?: unknown, cookie = manager) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
};

const importFile = async (eventId: number, text: string, dryRun: boolean, cookie = manager) => {
  const res = await t.app.request(`/api/admin/events/${eventId}/results/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, cookie, 'Content-Type': 'text/csv' },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as ResultsImportResponse & ApiErrorBody };
};

let nextNumber = 1;
async function anEvent(organisationId?: number, title = 'Pune Riverside Half') {
  return t.db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({
        organisationId: organisationId ?? (await testOrganisationId(tx)),
        title,
        date: '2026-01-18',
        time: '05:30',
        venue: 'Sambhaji Park, Pune',
        location: 'Pune',
        category: 'Running',
        maxParticipants: 60_000,
        pricePaise: 0,
        status: 'Completed',
      })
      .returning();
    return event.id;
  });
}

interface Runner {
  bib: number;
  firstName: string;
  lastName?: string;
  dateOfBirth: string;
  gender: string;
}

/**
 * Attendees with bibs, as a race's paid entries: inserted by plain SQL in batches, with only the
 * columns a runner's result reads (the sealed columns keep their database defaults), so that 50,000
 * are quick to make.
 */
async function addRunners(eventId: number, raceId: number, runners: Runner[]) {
  const organisationId = await t.db.query((db) =>
    db
      .select({ id: events.organisationId })
      .from(events)
      .where(eq(events.id, eventId))
      .then(([e]) => e.id),
  );
  // A transaction per batch: each attendee's insert moves its event's money-taken cache (a trigger,
  // decision 036), and PostgreSQL slows down on one row updated 50,000 times in one transaction.
  for (let i = 0; i < runners.length; i += 500) {
    const values = runners.slice(i, i + 500).map((r) => {
      const number = `TDK-R${String(nextNumber++).padStart(7, '0')}`;
      return sql`(${number}, ${number}, ${eventId}, ${organisationId}, ${raceId}, 'Race', 0, 0, 'Confirmed', 'Paid', ${number}, ${r.bib}, ${r.firstName}, ${r.lastName ?? 'Runner'}, ${r.dateOfBirth}, ${r.gender})`;
    });
    const insert = sql`insert into registrations (registration_number, booking_reference, event_id, organisation_id, ticket_id, ticket_name, ticket_price_paise, amount_paise, status, payment_status, qr_code, bib, first_name, last_name, date_of_birth, gender) values ${sql.join(values, sql`, `)}`;
    await t.db.transaction(async (tx) => {
      if (t.db.engine === 'postgres') await tx.execute(insert);
      else (tx as unknown as { run(query: SQL): unknown }).run(insert);
    });
  }
}

const shuffled = <T>(items: T[]) => [...items].sort(() => Math.random() - 0.5);

/** The cached ranks of a version compared with a recount from its rows. */
async function expectRanksRecount(versionId: number) {
  const rows = await t.db.query((db) => rankInputs(db, versionId));
  const recount = rankResults(rows);
  for (const row of rows) {
    expect({ id: row.id, rankOverall: row.rankOverall, rankGender: row.rankGender, rankCategory: row.rankCategory }).toEqual({
      id: row.id,
      ...recount.get(row.id),
    });
  }
}

describe('a race and its results', () => {
  let eventId: number;
  let raceId: number;

  // One race's story, step by step: each step reads what the one before made (a file imported,
  // saved, published), so it is one test, whatever order the suite's tests are shuffled in.
  it(
    'a race from its age groups to results imported, saved, published, withheld and corrected, and kept from other organisations',
    { timeout: 120_000 },
    async () => {
      // keeps a race age groups once, refusing overlapping bands, and its distance.
      {
        eventId = await anEvent();
        const race = {
          eventId,
          name: 'Half Marathon',
          description: '',
          category: 'General',
          price: 0,
          quantity: 1000,
          status: 'Active',
          bibFrom: 1,
          bibTo: 1000,
          distanceKm: 21.097,
        };
        const overlapping = await send<TicketResponse>('POST', '/api/admin/tickets', {
          ...race,
          ageGroups: [
            { from: 18, to: 30 },
            { from: 30, to: 39 },
          ],
        });
        expect(overlapping.status).toBe(400);
        expect(overlapping.body.error.fields).toEqual({ ageGroups: 'Age groups 18–30 and 30–39 overlap' });
        const bands = [
          { from: 18, to: 29 },
          { from: 30, to: 39 },
          { from: 40, to: null },
        ];
        const created = await send<TicketResponse>('POST', '/api/admin/tickets', { ...race, ageGroups: bands });
        expect(created.status).toBe(201);
        expect(created.body.ticket).toMatchObject({ ageGroups: bands, distanceKm: 21.097 });
        raceId = created.body.ticket.id;
        const [row] = await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.id, raceId)));
        expect(row).toMatchObject({ ageGroups: bands, distanceMetres: 21_097 });
      }

      // lists every bad row of a timing file with its line, and saves nothing.
      {
        const otherEvent = await anEvent(undefined, 'Another Race');
        const [otherRace] = await t.db.query((db) =>
          db
            .insert(ticketTypes)
            .values({
              eventId: otherEvent,
              organisationId: organisationOfEvent(otherEvent),
              name: '10K',
              quantity: 10,
              category: 'General',
            })
            .returning(),
        );
        await addRunners(
          eventId,
          raceId,
          shuffled([
            { bib: 101, firstName: 'Ananya', dateOfBirth: '1996-01-18', gender: 'female' }, // 30 on the day
            { bib: 102, firstName: 'Meera', dateOfBirth: '1996-01-19', gender: 'female' }, // 29 on the day
            { bib: 103, firstName: 'Rohan', dateOfBirth: '1980-02-29', gender: 'male' },
            { bib: 104, firstName: 'Vikram', dateOfBirth: '1990-06-01', gender: 'male' },
            { bib: 105, firstName: 'Kavya', dateOfBirth: '2000-03-03', gender: 'female' },
            { bib: 106, firstName: 'Arjun', dateOfBirth: '1985-07-07', gender: 'male' },
          ]),
        );
        await addRunners(otherEvent, otherRace.id, [
          { bib: 900, firstName: 'Elsewhere', dateOfBirth: '1990-01-01', gender: 'male' },
        ]);
        const text = [
          '\uFEFFbib,gun_time,net_time,status,split_1,split_2',
          '101,1:45:10,1:44:59.5,finisher,52:00,1:20:00',
          '',
          '102,1:46:00,1:44:59.5,finisher,,',
          '900,1:30:00,1:29:00,finisher,,',
          '777,1:30:00,1:29:00,finisher,,',
          '103,1:50:00,1:50:00,finisher,,',
          '103,1:50:00,1:50:00,finisher,,',
          '104,1:50:00,1:62:00,finisher,,',
          '105,1:40:00,1:41:00,finisher,,',
          '106,2:00:00,1:59:00,finisher,1:00:00,50:00',
          '107,,,DNS,,',
          '',
        ].join('\r\n');
        const dry = await importFile(eventId, text, true);
        expect(dry.status).toBe(200);
        expect(dry.body.errors).toEqual([
          { line: 5, message: 'No runner of this event has bib 900' },
          { line: 6, message: 'No runner of this event has bib 777' },
          { line: 8, message: 'Bib 103 is on line 7 already' },
          { line: 9, message: 'Unreadable net time "1:62:00" (use H:MM:SS or M:SS, with optional tenths)' },
          { line: 10, message: 'The net time is longer than the gun time' },
          { line: 11, message: 'split_2 is not after the split before it' },
          { line: 12, message: 'No runner of this event has bib 107' },
        ]);
        expect(dry.body.rows).toBe(3);
        const save = await importFile(eventId, text, false);
        expect(save.status).toBe(400);
        expect(save.body.error.message).toBe('7 problems in the file: nothing was saved');
        expect(save.body.errors).toHaveLength(7);
        const versions = await t.db.query((db) => db.select().from(resultVersions).where(eq(resultVersions.eventId, eventId)));
        expect(versions).toEqual([]);
      }

      // saves the corrected file as version 1: categories derived, ties share a rank, nothing public until published.
      {
        const text = [
          'bib,gun_time,net_time,status,split_1',
          '106,2:00:00,1:59:00,finisher,1:00:00',
          '101,1:45:10,1:44:59.5,finisher,52:00',
          '102,1:46:00,1:44:59.5,finisher,',
          '103,1:50:00,1:50:00,finisher,',
          '104,,,DNF,',
          '105,1:40:00,1:39:00,DQ,',
        ].join('\n');
        const saved = await importFile(eventId, text, false);
        expect(saved.status).toBe(201);
        expect(saved.body).toMatchObject({
          rows: 6,
          errors: [],
          counts: { finisher: 4, DNF: 1, DNS: 0, DQ: 1 },
          version: { number: 1 },
        });
        expect((await send('GET', `/api/events/${eventId}/results`)).status).toBe(404);

        const staff = await send<AdminResultsResponse>('GET', `/api/admin/events/${eventId}/results`);
        const byBib = new Map(staff.body.results.map((r) => [r.bib, r]));
        expect(byBib.get(101)).toMatchObject({
          category: 'F 30–39',
          rankOverall: 1,
          rankGender: 1,
          rankCategory: 1,
          netTime: '1:44:59.5',
        });
        expect(byBib.get(102)).toMatchObject({ category: 'F 18–29', rankOverall: 1, rankGender: 1, rankCategory: 1 });
        expect(byBib.get(103)).toMatchObject({ category: 'M 40+', rankOverall: 3, rankGender: 1, rankCategory: 1 });
        expect(byBib.get(106)).toMatchObject({ category: 'M 40+', rankOverall: 4, rankGender: 2, rankCategory: 2, pace: '5:38' });
        expect(byBib.get(104)).toMatchObject({ status: 'DNF', rankOverall: null });
        expect(byBib.get(105)).toMatchObject({ status: 'DQ', rankOverall: null });
        await expectRanksRecount(saved.body.version!.id);
        // A coordinator cannot import.
        expect((await importFile(eventId, text, true, coordinator)).status).toBe(403);
      }

      // publishes, and anyone reads the results with signatures the published key verifies.
      {
        const published = await send<{ version: { number: number; publishedAt: string } }>(
          'POST',
          `/api/admin/events/${eventId}/results/publish`,
        );
        expect(published.status).toBe(200);
        expect(published.body.version.number).toBe(1);
        const page = await send<{ event: { resultsPublished?: boolean } }>('GET', `/api/events/${eventId}`);
        expect(page.body.event.resultsPublished).toBe(true);
        const list = await send<PublicResultsResponse>('GET', `/api/events/${eventId}/results?race=${raceId}`);
        expect(list.status).toBe(200);
        expect(list.body.results.map((r) => [r.bib, r.name, r.rankOverall])).toEqual([
          [101, 'Ananya Runner', 1],
          [102, 'Meera Runner', 1],
          [103, 'Rohan Runner', 3],
          [106, 'Arjun Runner', 4],
          [104, 'Vikram Runner', null],
          [105, 'Kavya Runner', null],
        ]);
        expect(list.body.races).toEqual([{ id: raceId, name: 'Half Marathon', distanceKm: 21.097 }]);
        const search = await send<PublicResultsResponse>('GET', `/api/events/${eventId}/results?q=meera`);
        expect(search.body.results.map((r) => r.bib)).toEqual([102]);
        const byBib = await send<PublicResultsResponse>('GET', `/api/events/${eventId}/results?q=106`);
        expect(byBib.body.results.map((r) => r.name)).toEqual(['Arjun Runner']);
        const category = await send<PublicResultsResponse>(
          'GET',
          `/api/events/${eventId}/results?category=${encodeURIComponent('M 40+')}`,
        );
        expect(category.body.results.map((r) => [r.bib, r.rankCategory])).toEqual([
          [103, 1],
          [106, 2],
        ]);

        const keys = await t.app.request('/.well-known/tdk-results-keys.json');
        expect(keys.status).toBe(200);
        const jwks = (await keys.json()) as JSONWebKeySet;
        const one = await send<PublicResultResponse>('GET', `/api/results/${list.body.results[0].id}`);
        expect(one.status).toBe(200);
        const payload = await verifySignedResult(one.body.result.signedResult, jwks);
        expect(payload).toMatchObject({
          v: 1,
          resultId: list.body.results[0].id,
          version: 1,
          name: 'Ananya Runner',
          birthYear: 1996,
          bib: 101,
          event: { id: eventId, title: 'Pune Riverside Half', date: '2026-01-18' },
          race: { id: raceId, name: 'Half Marathon', distanceMetres: 21_097 },
          category: 'F 30–39',
          netTime: '1:44:59.5',
          gunTime: '1:45:10',
          rankOverall: 1,
        });
      }

      // withholds a result under review: gone from the public list, the others re-ranked, audited.
      {
        const staff = await send<AdminResultsResponse>('GET', `/api/admin/events/${eventId}/results?q=101`);
        const ananya = staff.body.results[0];
        const refused = await send('POST', `/api/admin/events/${eventId}/results/${ananya.id}/withhold`, {
          withheld: true,
          reason: '',
        });
        expect(refused.status).toBe(400);
        const withheld = await send<{ result: { withheld: boolean; rankOverall: number | null } }>(
          'POST',
          `/api/admin/events/${eventId}/results/${ananya.id}/withhold`,
          { withheld: true, reason: 'DQ under review: course cut reported' },
        );
        expect(withheld.status).toBe(200);
        expect(withheld.body.result).toMatchObject({ withheld: true, rankOverall: null });
        const list = await send<PublicResultsResponse>('GET', `/api/events/${eventId}/results`);
        expect(list.body.results.map((r) => [r.bib, r.rankOverall, r.rankGender])).toEqual([
          [102, 1, 1],
          [103, 2, 1],
          [106, 3, 2],
          [104, null, null],
          [105, null, null],
        ]);
        expect((await send('GET', `/api/results/${ananya.id}`)).status).toBe(404);
        await expectRanksRecount(staff.body.versions[0].id);
      }

      // keeps every version: a correction is version 2, public once published; each step audited.
      {
        const text = ['bib,gun_time,net_time,status', '101,1:45:10,1:44:59.5,finisher', '102,1:46:00,1:45:30,finisher'].join(
          '\n',
        );
        const saved = await importFile(eventId, text, false);
        expect(saved.body.version).toMatchObject({ number: 2, publishedAt: null });
        expect((await send<PublicResultsResponse>('GET', `/api/events/${eventId}/results`)).body.version).toBe(1);
        await send('POST', `/api/admin/events/${eventId}/results/publish`);
        const list = await send<PublicResultsResponse>('GET', `/api/events/${eventId}/results`);
        expect(list.body.version).toBe(2);
        expect(list.body.results.map((r) => [r.bib, r.rankOverall])).toEqual([
          [101, 1],
          [102, 2],
        ]);
        const staff = await send<AdminResultsResponse>('GET', `/api/admin/events/${eventId}/results`);
        expect(staff.body.versions.map((v) => v.number)).toEqual([2, 1]);
        const audit = await t.db.query((db) =>
          db
            .select({ action: auditLog.action, entity: auditLog.entity })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.entity, 'results'),
                // This race's versions only (the big race's import may have run first).
                inArray(
                  auditLog.entityId,
                  staff.body.versions.map((v) => String(v.id)),
                ),
              ),
            )
            .orderBy(auditLog.id),
        );
        expect(audit.map((a) => a.action)).toEqual(['import', 'publish', 'import', 'publish']);
        // This event's only (another test may withhold one of its own).
        const withholds = (await t.db.query((db) => db.select().from(auditLog).where(eq(auditLog.entity, 'result')))).filter(
          (a) => (a.detail as { eventId?: number } | null)?.eventId === eventId,
        );
        expect(withholds.map((a) => a.action)).toEqual(['withhold']);
      }

      // answers 404 to another organisation's staff, as for an event that does not exist.
      {
        const other = await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'other-results-org' }));
        const outsider = await staffCookie(t, 'manager', 'outsider@tdk.test', { organisationId: other });
        const answer = await importFile(eventId, 'bib,gun_time,net_time,status\n101,1:00:00,0:59:00,finisher', true, outsider);
        expect(answer.status).toBe(404);
        expect((await send('POST', `/api/admin/events/${eventId}/results/publish`, undefined, outsider)).status).toBe(404);
      }
    },
  );
});

describe('a big race', () => {
  it('imports 50,000 finishers in one go, ranked as a recount ranks them', { timeout: 300_000 }, async () => {
    const eventId = await anEvent(undefined, 'Mumbai Marathon');
    const [race] = await t.db.query((db) =>
      db
        .insert(ticketTypes)
        .values({
          eventId,
          organisationId: organisationOfEvent(eventId),
          name: 'Full Marathon',
          quantity: 60_000,
          category: 'General',
        })
        .returning(),
    );
    const count = 50_000;
    const runners = Array.from({ length: count }, (_, i) => ({
      bib: 10_001 + i,
      firstName: `Runner${i}`,
      dateOfBirth: `${1950 + (i % 55)}-0${1 + (i % 9)}-1${i % 10}`,
      gender: i % 3 === 0 ? 'female' : 'male',
    }));
    await addRunners(eventId, race.id, runners);
    // Times repeat every 7,000 runners, so many share a rank.
    const lines = shuffled(runners).map(
      (r) =>
        `${r.bib},4:00:00,${2 + Math.floor((r.bib % 7000) / 3600)}:${String(Math.floor(((r.bib % 7000) % 3600) / 60)).padStart(2, '0')}:${String((r.bib % 7000) % 60).padStart(2, '0')},finisher`,
    );
    const saved = await importFile(eventId, ['bib,gun_time,net_time,status', ...lines].join('\r\n'), false);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ rows: count, errors: [], counts: { finisher: count } });
    const [{ n }] = await t.db.query((db) =>
      db
        .select({ n: results.id })
        .from(results)
        .where(eq(results.versionId, saved.body.version!.id))
        .orderBy(results.id)
        .limit(1),
    );
    expect(n).toBeGreaterThan(0);
    await expectRanksRecount(saved.body.version!.id);
  });
});

describe('finisher certificates', () => {
  it(
    "are a finisher's PDF in their language, with their name shaped and a QR carrying the signed result",
    { timeout: 60_000 },
    async () => {
      const eventId = await anEvent(undefined, 'Nashik Vineyard 10K');
      const [race] = await t.db.query((db) =>
        db
          .insert(ticketTypes)
          .values({
            eventId,
            organisationId: organisationOfEvent(eventId),
            name: '10K',
            quantity: 100,
            category: 'General',
            distanceMetres: 10_000,
          })
          .returning(),
      );
      await addRunners(eventId, race.id, [
        { bib: 11, firstName: 'Sunita', lastName: 'Rao', dateOfBirth: '1988-04-02', gender: 'female' },
        { bib: 12, firstName: 'क्षितिज', lastName: 'द्विवेदी', dateOfBirth: '1979-09-30', gender: 'male' },
        { bib: 13, firstName: 'Kabir', lastName: 'Shah', dateOfBirth: '1992-11-11', gender: 'male' },
      ]);
      const file = [
        'bib,gun_time,net_time,status',
        '11,0:52:40,0:52:10.4,finisher',
        '12,0:49:05,0:48:59,finisher',
        '13,,,DNF',
      ].join('\n');
      expect((await importFile(eventId, file, false)).status).toBe(201);
      const resultIds = await t.db.query((db) =>
        db
          .select({ id: results.id, bib: results.bib })
          .from(results)
          .innerJoin(resultVersions, eq(resultVersions.id, results.versionId))
          .where(eq(resultVersions.eventId, eventId)),
      );
      const idOf = (bib: number) => resultIds.find((r) => r.bib === bib)!.id;
      const certificate = (id: number, query = '') => t.app.request(`/api/results/${id}/certificate.pdf${query}`);

      // Nothing before the results are published.
      expect((await certificate(idOf(11))).status).toBe(404);
      expect((await send('POST', `/api/admin/events/${eventId}/results/publish`)).status).toBe(200);

      const sunita = await certificate(idOf(11));
      expect(sunita.status).toBe(200);
      expect(sunita.headers.get('content-type')).toBe('application/pdf');
      expect(sunita.headers.get('content-disposition')).toBe('attachment; filename="certificate-11.pdf"');
      const pdf = await sunita.arrayBuffer();
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      for (const words of [
        'Certificate of completion',
        'Sunita Rao',
        'completed the 10K',
        'Nashik Vineyard 10K',
        '0:52:10.4',
        'Bib 11',
      ])
        expect(text).toContain(words);

      // The QR, read from the printed page, is the verification page's address with the signed result.
      const page = rasterise(pdf, 200);
      const rgba = new Uint8ClampedArray(page.width * page.height * 4);
      page.pixels.forEach((grey, i) => rgba.set([grey, grey, grey, 255], i * 4));
      const qr = jsQR(rgba, page.width, page.height);
      const published = (await (await t.app.request(`/api/results/${idOf(11)}`)).json()) as PublicResultResponse;
      const [address, jws] = qr!.data.split('#');
      expect(jws).toBe(published.result.signedResult);
      const jwks = (await (await t.app.request('/.well-known/tdk-results-keys.json')).json()) as JSONWebKeySet;
      const verified = await verifySignedResult(jws!, jwks);
      expect(verified).toMatchObject({ name: 'Sunita Rao', netTime: '0:52:10.4', race: { name: '10K', distanceMetres: 10_000 } });
      expect(address).toBe(`${verified.iss}/verify`);

      // In Hindi, with a Devanagari name.
      const hindi = await certificate(idOf(12), '?lang=hi');
      expect(hindi.status).toBe(200);
      const hindiText = pdfText(await hindi.arrayBuffer());
      expect(hindiText).toContain('क्षितिज');
      expect(hindiText).toContain('0:48:59');

      // A runner who did not finish has no certificate; a withheld result none either.
      const dnf = await certificate(idOf(13));
      expect(dnf.status).toBe(409);
      expect(((await dnf.json()) as ApiErrorBody).error.message).toBe(
        'Only a finisher has a certificate: this result is not a finish.',
      );
      const withheld = await send('POST', `/api/admin/events/${eventId}/results/${idOf(12)}/withhold`, {
        withheld: true,
        reason: 'Course cut under review',
      });
      expect(withheld.status).toBe(200);
      expect((await certificate(idOf(12))).status).toBe(404);
    },
  );
});

describe("a race's cut-off", () => {
  it('is kept on the race as H:MM:SS, and a finisher slower than it is a bad row of the file', async () => {
    const eventId = await anEvent(undefined, 'Sinhagad Hill Climb');
    const race = {
      eventId,
      name: 'Hill 10K',
      description: '',
      category: 'General',
      price: 0,
      quantity: 100,
      status: 'Active',
      bibFrom: 1,
      bibTo: 100,
    };
    const refused = await send<TicketResponse>('POST', '/api/admin/tickets', { ...race, cutOff: 'soon' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ cutOff: 'Cut-off must be a time like 2:30:00' });
    const created = await send<TicketResponse>('POST', '/api/admin/tickets', { ...race, cutOff: '1:30:00' });
    expect(created.status).toBe(201);
    expect(created.body.ticket.cutOff).toBe('1:30:00');
    await addRunners(eventId, created.body.ticket.id, [
      { bib: 1, firstName: 'Gauri', dateOfBirth: '1991-05-05', gender: 'female' },
      { bib: 2, firstName: 'Omkar', dateOfBirth: '1987-08-08', gender: 'male' },
      { bib: 3, firstName: 'Rahul', dateOfBirth: '1983-03-03', gender: 'male' },
    ]);
    // Gun time decides; a DNF past the cut-off is what the file should say.
    const file = ['bib,gun_time,net_time,status', '1,1:29:59.9,1:29:40,finisher', '2,1:30:00.1,1:29:58,finisher', '3,,,DNF'].join(
      '\n',
    );
    const dry = await importFile(eventId, file, true);
    expect(dry.body.errors).toEqual([
      {
        line: 3,
        message: "Bib 2 finished in 1:30:00.1, slower than the Hill 10K's cut-off of 1:30:00: mark them DNF or correct the time",
      },
    ]);
    expect((await importFile(eventId, file, false)).status).toBe(400);
    const fixed = await importFile(eventId, file.replace('2,1:30:00.1,1:29:58,finisher', '2,,,DNF'), false);
    expect(fixed.status).toBe(201);
    expect(fixed.body.counts).toEqual({ finisher: 1, DNF: 2, DNS: 0, DQ: 0 });
    // Cleared with an empty value.
    const cleared = await send<TicketResponse>('PUT', `/api/admin/tickets/${created.body.ticket.id}`, {
      ...race,
      cutOff: '',
      updatedAt: created.body.ticket.updatedAt,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.ticket.cutOff).toBeNull();
  });
});
