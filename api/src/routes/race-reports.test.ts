// The reports a race runs on (issue 44, decisions 066 and 073): each CSV read back as an organiser's
// spreadsheet would, and each PDF as a reader copies its text (poppler's pdftotext), holding the
// event's paid attendees only, the organisation's only, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, checkIns, registrations, ticketTypes } from '../db/schema';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestOrganisation } from '../testing/organisations';
import { pdfInfo, pdfText } from '../testing/poppler';
import { organisationOfEvent } from '../db/tenancy';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
let otherOrganisationEventId: number;
let manager: string;
const numbers: Record<string, string> = {};

/** RFC 4180 as a spreadsheet reads it: quoted cells, doubled quotes, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (cell || row.length) endRow();
  return rows;
}

/** The report as records keyed by its header. */
async function report(kind: string, eventId = ids.eventId, cookie = manager) {
  const res = await t.app.request(`/api/admin/events/${eventId}/reports/${kind}.csv`, jsonRequest('GET', undefined, cookie));
  if (res.status !== 200) return { status: res.status, records: [] as Record<string, string>[] };
  expect(res.headers.get('content-type')).toContain('text/csv');
  const [header, ...lines] = parseCsv(await res.text());
  return { status: res.status, records: lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i] ?? '']))) };
}

/** The printable report: its answer, and its pages' text (pdftotext ends each page with a form feed). */
async function printed(kind: string, eventId = ids.eventId, cookie = manager) {
  const res = await t.app.request(`/api/admin/events/${eventId}/reports/${kind}.pdf`, jsonRequest('GET', undefined, cookie));
  if (res.status !== 200) return { res, pages: [] as string[], info: {} as Record<string, string> };
  const pdf = await res.arrayBuffer();
  return { res, pages: pdfText(pdf).split('\f').slice(0, -1), info: pdfInfo(pdf) };
}

/** The newest race report export in the audit log. */
const lastReportAudit = async () =>
  (
    await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'race_report')))
        .orderBy(desc(auditLog.id))
        .limit(1),
    )
  )[0];

const setRow = (id: number, values: Partial<typeof registrations.$inferInsert>) =>
  t.db.query((db) => db.update(registrations).set(values).where(eq(registrations.id, id)));

beforeAll(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t, { title: 'Race Week Reports Run' });
  manager = await staffCookie(t, 'manager');
  await t.db.query((db) =>
    db
      .update(ticketTypes)
      .set({
        ageGroups: [
          { from: 0, to: 17 },
          { from: 18, to: 34 },
          { from: 35, to: null },
        ],
      })
      .where(eq(ticketTypes.id, ids.general)),
  );
  // Asha (the test buyer): L, O+, asthma, bib 101, admitted at Gate 2 and her kit collected.
  const asha = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general });
  await setRow(asha.id, { bib: 101 });
  // Vikram: M, bib 102, a formula for a medical condition (it must stay text in Excel).
  const vikram = await buyTicket(t, {
    eventId: ids.eventId,
    ticketId: ids.general,
    participant: {
      fullName: 'Vikram Shah',
      email: 'vikram@example.com',
      gender: 'male',
      dateOfBirth: '1985-01-20',
      tshirtSize: 'M',
    },
  });
  await setRow(vikram.id, { bib: 102, medicalConditions: '=HYPERLINK("http://x")', teamName: 'Pune Pacers' });
  // Meera, 13 on race day, with her mother as guardian; no T-shirt size given.
  const meera = await buyTicket(t, {
    eventId: ids.eventId,
    ticketId: ids.vip,
    participant: { fullName: 'Meera Iyer', email: 'meera.parent@example.com', gender: 'female', dateOfBirth: '1990-01-01' },
  });
  await setRow(meera.id, {
    bib: 103,
    dateOfBirth: '2016-06-21',
    shirtSize: '',
    guardianName: 'Lakshmi Iyer',
    guardianRelation: 'mother',
    guardianPhone: '98200 11111',
    guardianConsentAt: '2029-12-01T04:30:00.000Z',
  });
  // Cancelled, and a hold's position: neither is in any report.
  const cancelled = await buyTicket(t, {
    eventId: ids.eventId,
    ticketId: ids.general,
    participant: { fullName: 'Gone Runner', email: 'gone@example.com', tshirtSize: 'XL' },
  });
  await setRow(cancelled.id, { status: 'Cancelled', bib: 104 });
  Object.assign(numbers, { asha: asha.registrationNumber, vikram: vikram.registrationNumber, meera: meera.registrationNumber });
  await t.db.query((db) =>
    db.insert(checkIns).values([
      {
        registrationId: asha.id,
        list: 'entry',
        gate: 'Gate 2',
        staffEmail: 'gate@tdk.test',
        via: 'online',
        checkedInAt: '2030-01-15T00:45:00.000Z',
      },
      {
        registrationId: asha.id,
        list: 'kit',
        gate: 'Expo',
        staffEmail: 'kit@tdk.test',
        via: 'online',
        checkedInAt: '2030-01-14T06:30:00.000Z',
        items: JSON.stringify(['bib', 'tshirt']),
      },
      {
        registrationId: cancelled.id,
        list: 'kit',
        gate: 'Expo',
        staffEmail: 'kit@tdk.test',
        via: 'online',
        checkedInAt: '2030-01-14T06:35:00.000Z',
      },
    ]),
  );
  const otherOrganisation = await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'reports-other-org' }));
  otherOrganisationEventId = (await seedCheckoutEvent(t, { title: 'Another Organiser Run', organisationId: otherOrganisation }))
    .eventId;
});
afterAll(() => t.close());

describe('race reports (issue 44)', () => {
  it('counts T-shirts per ticket type and size for the vendor, paid attendees only', async () => {
    const { records } = await report('tshirts');
    expect(records).toEqual([
      { Ticket: 'General', 'T-shirt Size': 'M', Count: '1' },
      { Ticket: 'General', 'T-shirt Size': 'L', Count: '1' },
      { Ticket: 'VIP Pass', 'T-shirt Size': 'Not given', Count: '1' },
    ]);
  });

  it('lists the medical sheet by bib, decrypted, with a formula kept as text, and audits it as a personal-data export', async () => {
    const { records } = await report('medical');
    expect(records.map((r) => r.Bib)).toEqual(['101', '102', '103']);
    expect(records[0]).toMatchObject({
      'Ticket Number': numbers.asha,
      'First Name': 'Asha',
      'Last Name': 'Devi Rao',
      'Blood Group': 'O+',
      'Medical Conditions': 'Asthma',
      'Emergency Contact': 'Ravi Rao',
    });
    expect(records[1]!['Medical Conditions']).toBe(`'=HYPERLINK("http://x")`);
    expect(await lastReportAudit()).toMatchObject({
      entityId: String(ids.eventId),
      detail: { report: 'medical', format: 'csv', rows: 3, personalData: true },
    });
  });

  it('lists minors on the event day with their guardian', async () => {
    const { records } = await report('guardians');
    expect(records).toEqual([
      expect.objectContaining({
        Bib: '103',
        'First Name': 'Meera',
        'Age on Event Day': '13',
        'Guardian Name': 'Lakshmi Iyer',
        'Guardian Relation': 'mother',
        'Guardian Phone': '98200 11111',
        'Guardian Consent (IST)': '2029-12-01 10:00:00',
      }),
    ]);
  });

  it('writes the start list with the category the results derive', async () => {
    const { records } = await report('start-list');
    expect(records.map((r) => [r.Bib, r['First Name'], r.Gender, r.Category, r.Race, r.Team])).toEqual([
      ['101', 'Asha', 'female', 'F 18–34', 'General', ''],
      ['102', 'Vikram', 'male', 'M 35+', 'General', 'Pune Pacers'],
      ['103', 'Meera', 'female', 'F Under 18', 'VIP Pass', ''],
    ]);
  });

  it('says whose kit was collected, when, and what the desk handed over', async () => {
    const { records } = await report('kit');
    expect(records.map((r) => [r.Bib, r['T-shirt Size'], r['Kit Collected'], r['Collected At (IST)'], r['Handed Over']])).toEqual(
      [
        ['101', 'L', 'Yes', '2030-01-14 12:00:00', 'bib, tshirt'],
        ['102', 'M', 'No', '', ''],
        ['103', '', 'No', '', ''],
      ],
    );
  });

  it('lists every admission with its list, gate, time and staff', async () => {
    const { records } = await report('check-ins');
    expect(records).toEqual([
      expect.objectContaining({
        Bib: '101',
        List: 'entry',
        Gate: 'Gate 2',
        'Time (IST)': '2030-01-15 06:15:00',
        Staff: 'gate@tdk.test',
      }),
      expect.objectContaining({
        Bib: '101',
        List: 'kit',
        Gate: 'Expo',
        'Time (IST)': '2030-01-14 12:00:00',
        Staff: 'kit@tdk.test',
      }),
    ]);
  });

  it("is for managers, and another organisation's event is not found, in either form", async () => {
    for (const role of ['support', 'coordinator'] as const) {
      const cookie = await staffCookie(t, role);
      expect((await report('medical', ids.eventId, cookie)).status).toBe(403);
      expect((await printed('medical', ids.eventId, cookie)).res.status).toBe(403);
    }
    expect((await report('medical', otherOrganisationEventId)).status).toBe(404);
    expect((await printed('medical', otherOrganisationEventId)).res.status).toBe(404);
    expect((await report('bibs')).status).toBe(400);
    expect((await printed('bibs')).res.status).toBe(400);
  });
});

describe('race reports to print (decision 073)', () => {
  it('prints the medical sheet as the CSV holds it, headed by the event, and audits it as the CSV is', async () => {
    const { res, pages } = await printed('medical');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^inline; filename="medical-event-${ids.eventId}-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    expect(pages).toHaveLength(1);
    const text = pages[0]!.replace(/[ \t]+/g, ' ');
    for (const words of [
      'Medical and emergency sheet',
      'Race Week Reports Run',
      'Tuesday, 15 January 2030',
      'Marine Drive, Mumbai',
      'Personal data',
      // Column headers wrap within their column: 'Blood' over 'Group'.
      'Blood',
      'Conditions',
      'Asha',
      'Devi Rao',
      numbers.asha!,
      'O+',
      'Asthma',
      'Ravi Rao',
      'Vikram',
      // A PDF runs nothing: the condition prints as it was written, without the CSV's guard.
      '=HYPERLINK("http://x")',
      'Meera',
      'Page 1 of 1',
    ])
      expect(text).toContain(words);
    // Paid attendees only, as in the CSV.
    expect(text).not.toContain('Gone');
    expect(await lastReportAudit()).toMatchObject({
      entityId: String(ids.eventId),
      detail: { report: 'medical', format: 'pdf', rows: 3, personalData: true },
    });
  });

  it('prints every report, each on A4', async () => {
    const tshirts = await printed('tshirts');
    expect(tshirts.pages[0]).toMatch(/VIP Pass\s+Not given\s+1/);
    expect(tshirts.info['Page size']).toBe('595.28 x 841.89 pts (A4)');
    const checkIns = await printed('check-ins');
    expect(checkIns.pages[0]).toMatch(
      /101\s+\S+\s+Asha\s+Devi Rao\s+General\s+entry\s+Gate 2\s+2030-01-15 06:15:00\s+gate@tdk.test/,
    );
    expect((await printed('guardians')).pages[0]).toContain('Lakshmi Iyer');
    expect((await printed('start-list')).pages[0]).toMatch(/102\s+Vikram\s+Shah\s+male\s+1985-01-20\s+M 35\+/);
    expect((await printed('kit')).pages[0]).toMatch(/101\s+\S+\s+Asha\s+Devi Rao\s+General\s+L\s+Yes\s+2030-01-14 12:00:00/);
  });

  it('runs a long start list over pages, each headed and numbered, with Devanagari names shaped', async () => {
    const { eventId, general } = await seedCheckoutEvent(t, { title: 'Nashik Long Start 10K' });
    const firstNames = ['क्षितिज', 'Priya', 'श्रीमती प्रज्ञा', 'Rohan'];
    await t.db.query((db) =>
      db.insert(registrations).values(
        Array.from({ length: 120 }, (_, i) => ({
          registrationNumber: `REGLONG${String(i + 1).padStart(4, '0')}`,
          eventId,
          organisationId: organisationOfEvent(eventId),
          ticketId: general,
          ticketName: 'General',
          ticketPricePaise: 49_900,
          amountPaise: 49_900,
          paymentStatus: 'Paid' as const,
          status: 'Confirmed' as const,
          qrCode: `REGLONG${i + 1}`,
          bib: 1001 + i,
          firstName: `${firstNames[i % 4]} ${i + 1}`,
          lastName: i % 4 === 0 ? 'द्विवेदी' : 'Kulkarni',
          gender: i % 2 ? 'male' : 'female',
          dateOfBirth: '1990-05-05',
        })),
      ),
    );
    const { pages, info } = await printed('start-list', eventId);
    expect(pages.length).toBeGreaterThan(1);
    expect(info.Pages).toBe(String(pages.length));
    pages.forEach((page, i) => {
      expect(page).toContain('Start list');
      expect(page).toContain('Nashik Long Start 10K');
      // The column headers (a header may wrap within its column).
      expect(page).toMatch(/Bib\s+First( Name)?\s+Last( Name)?\s+Gender\s+Date of( Birth)?\s+Category\s+Race\s+Wave\s+Team/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const text = pages.join('\n');
    for (let i = 0; i < 120; i++) expect(text).toMatch(new RegExp(`${1001 + i}\\s+\\S`));
    // The Devanagari words are there to copy beneath their drawn glyphs (decision 070).
    expect(text).toContain('क्षितिज');
    expect(text).toContain('द्विवेदी');
    expect(text).toContain('श्रीमती');
    expect(await lastReportAudit()).toMatchObject({
      entityId: String(eventId),
      detail: { report: 'start-list', format: 'pdf', rows: 120 },
    });
  });
});
