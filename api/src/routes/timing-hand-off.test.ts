// The timing hand-off (issue 43, decision 068): the start list in RACE RESULT's columns and in the
// plain documented CSV, and chip ids imported by bib with a dry run that lists every bad row and
// saves nothing until the file is clean; kept from other organisations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiErrorBody, ChipsImportResponse, StartWave, TicketResponse } from '../contract';
import { PLAIN_TIMING_COLUMNS, RACERESULT_TIMING_COLUMNS } from '../contract';
import { auditLog, registrations } from '../db/schema';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, staffCookie, TEST_ORIGIN } from '../testing/staff-session';
import { createTestOrganisation } from '../testing/organisations';

let t: CheckoutTestApp;
let manager: string;
let eventId: number;
let outsider: string;
const ids: Record<string, number> = {};

const WAVES: StartWave[] = [
  { name: 'Wave A', start: '06:00', upTo: '0:50:00' },
  { name: 'Wave B', start: '06:15', upTo: null },
];

async function timing(format: string, cookie = manager, event = eventId) {
  const res = await t.app.request(
    `/api/admin/events/${event}/reports/timing.csv?format=${format}`,
    jsonRequest('GET', undefined, cookie),
  );
  if (res.status !== 200) return { status: res.status, header: [] as string[], records: [] as Record<string, string>[] };
  const [header, ...lines] = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));
  return {
    status: res.status,
    header: header!,
    records: lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i] ?? '']))),
  };
}

const importChips = async (text: string, dryRun: boolean, cookie = manager, event = eventId) => {
  const res = await t.app.request(`/api/admin/events/${event}/chips${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, cookie, 'Content-Type': 'text/csv' },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as ChipsImportResponse & ApiErrorBody };
};

const chipsOf = async () =>
  Object.fromEntries(
    (
      await t.db.query((db) =>
        db
          .select({ bib: registrations.bib, chipId: registrations.chipId })
          .from(registrations)
          .where(eq(registrations.eventId, eventId)),
      )
    ).map((r) => [r.bib, r.chipId]),
  );

beforeAll(async () => {
  t = await createCheckoutTestApp();
  manager = await staffCookie(t, 'manager');
  ({ eventId } = await seedCheckoutEvent(t, { title: 'Timing Hand-off Half' }));
  const race = await t.app.request(
    '/api/admin/tickets',
    jsonRequest(
      'POST',
      {
        eventId,
        name: 'Half Marathon',
        description: '',
        category: 'General',
        price: 900,
        quantity: 100,
        status: 'Active',
        bibFrom: 1,
        bibTo: 100,
        waves: WAVES,
        waveQuestionId: 'q_finish',
        ageGroups: [
          { from: 18, to: 39 },
          { from: 40, to: null },
        ],
      },
      manager,
    ),
  );
  const raceId = ((await race.json()) as TicketResponse).ticket.id;
  const runners = [
    {
      key: 'asha',
      email: 'asha.timing@example.com',
      name: 'Asha Rao',
      gender: 'female',
      dob: '1990-05-01',
      bib: 11,
      finish: '0:45:00',
    },
    {
      key: 'vikram',
      email: 'vikram.timing@example.com',
      name: 'Vikram Shah',
      gender: 'male',
      dob: '1970-01-20',
      bib: 12,
      finish: '',
    },
    {
      key: 'gone',
      email: 'gone.timing@example.com',
      name: 'Gone Runner',
      gender: 'male',
      dob: '1985-01-01',
      bib: 13,
      finish: '',
    },
  ];
  for (const r of runners) {
    const row = await buyTicket(t, {
      eventId,
      ticketId: raceId,
      participant: { fullName: r.name, email: r.email, gender: r.gender as 'male', dateOfBirth: r.dob },
    });
    await t.db.query((db) =>
      db
        .update(registrations)
        .set({ bib: r.bib, answers: { q_finish: r.finish }, teamName: r.key === 'vikram' ? 'Pune Pacers' : '' })
        .where(eq(registrations.id, row.id)),
    );
    ids[r.key] = row.id;
  }
  await t.db.query((db) => db.update(registrations).set({ status: 'Cancelled' }).where(eq(registrations.id, ids.gone!)));
  const other = await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'timing-other-org' }));
  outsider = await staffCookie(t, 'admin', 'timing-outsider@example.com', { organisationId: other });
});
afterAll(() => t.close());

describe('the timing hand-off (issue 43)', () => {
  it('imports chips by bib: a dry run lists every bad row and saves nothing, a bad file is refused whole, a clean one is saved and audited', async () => {
    // Its own state: no runner of the event wears a chip yet, whatever ran before.
    await t.db.query((db) => db.update(registrations).set({ chipId: null }).where(eq(registrations.eventId, eventId)));
    const bad = [
      'bib,chip_id',
      '11,CHIP-A',
      '99,CHIP-X', // unknown bib
      '11,CHIP-B', // the bib twice
      '12,CHIP-A', // the chip twice
      '13,CHIP-C', // a cancelled entry
      '12,', // an empty chip
    ].join('\r\n');
    const dry = await importChips(bad, true);
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([
      { line: 3, message: 'Bib 99 is not a runner of this event' },
      { line: 4, message: 'Bib 11 is also on line 2' },
      { line: 5, message: 'Chip CHIP-A is also on line 2' },
      { line: 6, message: "Bib 13's entry is cancelled" },
      { line: 7, message: 'The chip id is empty' },
      { line: 7, message: 'Bib 12 is also on line 5' },
    ]);
    expect(dry.body.saved).toBe(false);
    const refused = await importChips(bad, false);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_error');
    expect(refused.body.errors).toHaveLength(6);
    expect(await chipsOf()).toEqual({ 11: null, 12: null, 13: null });

    const clean = '\uFEFFbib,chip_id\n11,CHIP-A\n\n12,CHIP-B\n';
    const checked = await importChips(clean, true);
    expect(checked.body).toMatchObject({ errors: [], counts: { rows: 2, assigned: 2 }, saved: false });
    expect(await chipsOf()).toEqual({ 11: null, 12: null, 13: null });
    const saved = await importChips(clean, false);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ errors: [], counts: { assigned: 2 }, saved: true });
    expect(await chipsOf()).toEqual({ 11: 'CHIP-A', 12: 'CHIP-B', 13: null });
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'chips'), eq(auditLog.entityId, String(eventId)))),
    );
    expect(audit).toMatchObject({ action: 'import' });

    // Two runners swap chips in one file; a chip another runner still wears is refused.
    expect((await importChips('bib,chip_id\n11,CHIP-B\n12,CHIP-A', false)).status).toBe(200);
    expect(await chipsOf()).toEqual({ 11: 'CHIP-B', 12: 'CHIP-A', 13: null });
    const worn = await importChips('bib,chip_id\n11,CHIP-A', true);
    expect(worn.body.errors).toEqual([{ line: 2, message: 'Chip CHIP-A is already worn by bib 12' }]);
  });

  it('writes the start list in the plain documented columns and in RACE RESULT’s, with chip, age group and wave', async () => {
    await t.db.query((db) => db.update(registrations).set({ chipId: 'CHIP-11' }).where(eq(registrations.id, ids.asha!)));
    const plain = await timing('plain');
    expect(plain.header).toEqual([...PLAIN_TIMING_COLUMNS]);
    expect(plain.records).toHaveLength(2);
    expect(plain.records[0]).toEqual({
      bib: '11',
      chip_id: 'CHIP-11',
      first_name: 'Asha',
      last_name: 'Rao',
      gender: 'female',
      date_of_birth: '1990-05-01',
      age_group: expect.stringMatching(/^(18–39|40\+)$/),
      race: 'Half Marathon',
      wave: 'Wave A',
      team: '',
      club: '',
      city: '',
    });
    expect(plain.records[1]).toMatchObject({ bib: '12', gender: 'male', age_group: '40+', wave: 'Wave B', team: 'Pune Pacers' });

    const rr = await timing('raceresult');
    expect(rr.header).toEqual([...RACERESULT_TIMING_COLUMNS]);
    expect(rr.header.slice(0, 7)).toEqual(['Bib', 'Transponder1', 'Firstname', 'Lastname', 'Gender', 'DateOfBirth', 'Contest']);
    expect(rr.records[1]).toMatchObject({
      Bib: '12',
      Firstname: 'Vikram',
      Lastname: 'Shah',
      Gender: 'M',
      DateOfBirth: '1970-01-20',
      Contest: 'Half Marathon',
      AgeGroup: '40+',
      Wave: 'Wave B',
      Team: 'Pune Pacers',
    });
    expect((await timing('excel')).status).toBe(400);
  });

  it('answers 404 to another organisation for the timing list and the chips, and saves nothing', async () => {
    expect((await timing('plain', outsider)).status).toBe(404);
    const before = await chipsOf();
    expect((await importChips('bib,chip_id\n11,EVIL', false, outsider)).status).toBe(404);
    expect(await chipsOf()).toEqual(before);
  });
});
