// Start waves (issue 43, decision 068): a race's waves saved on its ticket type (refused when
// invalid, with the field's words), each runner's wave derived from their expected finish time or
// set by hand by staff, shown at kit collection and in the start list, and kept from other organisations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiErrorBody, Registration, StartWave, TicketResponse } from '../contract';
import { auditLog, events, registrations } from '../db/schema';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestOrganisation } from '../testing/organisations';
import { signedTicketCode } from '../services/ticket-codes';

let t: CheckoutTestApp;
let manager: string;
let coordinator: string;
const indiaDay = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

const WAVES: StartWave[] = [
  { name: 'Wave A', start: '06:00', upTo: '0:50:00' },
  { name: 'Wave B', start: '06:15', upTo: '1:05:00' },
  { name: 'Wave C', start: '06:30', upTo: null },
];

const send = async <T>(method: string, path: string, body?: unknown, cookie = manager) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & ApiErrorBody };
};

const race = (eventId: number, extra: Record<string, unknown> = {}) => ({
  eventId,
  name: '10K',
  description: '',
  category: 'General',
  price: 500,
  quantity: 100,
  status: 'Active',
  bibFrom: 1,
  bibTo: 100,
  ...extra,
});

async function startList(eventId: number) {
  const res = await t.app.request(`/api/admin/events/${eventId}/reports/start-list.csv`, jsonRequest('GET', undefined, manager));
  expect(res.status).toBe(200);
  const [header, ...lines] = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));
  return lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i] ?? ''])));
}

beforeAll(async () => {
  t = await createCheckoutTestApp();
  manager = await staffCookie(t, 'manager');
  coordinator = await staffCookie(t, 'coordinator');
});
afterAll(() => t.close());

describe('start waves (issue 43)', () => {
  it('keeps a race’s waves and wave question on its ticket type, refusing an invalid list with the field’s words', async () => {
    const { eventId } = await seedCheckoutEvent(t, { title: 'Waves Saved Run' });
    const twice = await send('POST', '/api/admin/tickets', race(eventId, { waves: [WAVES[0], { ...WAVES[1], name: 'Wave A' }] }));
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({ waves: 'Wave Wave A is named twice' });
    const badTime = await send('POST', '/api/admin/tickets', race(eventId, { waves: [{ ...WAVES[0], upTo: 'fifty' }] }));
    expect(badTime.body.error.fields).toEqual({ waves: "Wave Wave A's finish time must read like 0:50:00" });
    const badStart = await send('POST', '/api/admin/tickets', race(eventId, { waves: [{ ...WAVES[0], start: '25:00' }] }));
    expect(badStart.status).toBe(400);
    expect(Object.values(badStart.body.error.fields ?? {})).toEqual(['Wave start must be a time like 06:15']);

    const created = await send<TicketResponse>(
      'POST',
      '/api/admin/tickets',
      race(eventId, { waves: WAVES, waveQuestionId: 'q_finish' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.ticket).toMatchObject({ waves: WAVES, waveQuestionId: 'q_finish' });
    // An edit that leaves them out keeps them; one that empties them leaves the race without waves.
    const kept = await send<TicketResponse>('PUT', `/api/admin/tickets/${created.body.ticket.id}`, {
      ...race(eventId),
      updatedAt: created.body.ticket.updatedAt,
    });
    expect(kept.body.ticket).toMatchObject({ waves: WAVES, waveQuestionId: 'q_finish' });
    const emptied = await send<TicketResponse>('PUT', `/api/admin/tickets/${created.body.ticket.id}`, {
      ...race(eventId, { waves: [], waveQuestionId: null }),
      updatedAt: kept.body.ticket.updatedAt,
    });
    expect(emptied.body.ticket).toMatchObject({ waves: null, waveQuestionId: null });
  });

  it('derives each runner’s wave from their expected finish, lets staff override and clear it (audited), and shows it in the start list and at kit collection', async () => {
    const { eventId } = await seedCheckoutEvent(t, { title: 'Waves Derived Run' });
    await t.db.query((db) => db.update(events).set({ date: indiaDay() }).where(eq(events.id, eventId)));
    const made = await send<TicketResponse>(
      'POST',
      '/api/admin/tickets',
      race(eventId, { waves: WAVES, waveQuestionId: 'q_finish' }),
    );
    const raceId = made.body.ticket.id;
    const runner = async (email: string, bib: number, finish?: string) => {
      const row = await buyTicket(t, { eventId, ticketId: raceId, participant: { email, tshirtSize: 'M' } });
      await t.db.query((db) =>
        db
          .update(registrations)
          .set({ bib, answers: finish === undefined ? {} : { q_finish: finish } })
          .where(eq(registrations.id, row.id)),
      );
      return row;
    };
    const fast = await runner('fast@example.com', 1, '0:50:00');
    const middle = await runner('middle@example.com', 2, '0:50:01');
    const unsure = await runner('unsure@example.com', 3, 'no idea');
    const silent = await runner('silent@example.com', 4);

    expect((await startList(eventId)).map((r) => [r.Bib, r.Wave])).toEqual([
      ['1', 'Wave A'],
      ['2', 'Wave B'],
      ['3', 'Wave C'],
      ['4', 'Wave C'],
    ]);

    // Staff move the unsure runner into Wave A by hand; a name that is no wave of the race is refused.
    const wrong = await send('PUT', `/api/admin/registrations/${unsure.id}/wave`, { wave: 'Wave Z' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ wave: 'Wave Z is not one of this race’s waves' });
    const moved = await send<{ registration: Registration }>('PUT', `/api/admin/registrations/${unsure.id}/wave`, {
      wave: 'Wave A',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.registration).toMatchObject({
      wave: { name: 'Wave A', start: '06:00', byHand: true },
      waveOverride: 'Wave A',
    });
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'registration'), eq(auditLog.entityId, String(unsure.id))))
        .orderBy(desc(auditLog.id))
        .limit(1),
    );
    expect(audit).toMatchObject({ action: 'assign_wave' });
    expect((await startList(eventId)).map((r) => r.Wave)).toEqual(['Wave A', 'Wave B', 'Wave A', 'Wave C']);

    // The kit desk sees the wave beside the bib.
    const kit = await send<{ registration: Registration }>(
      'POST',
      '/api/admin/registrations/check-in',
      { code: signedTicketCode(t.env, middle.registrationNumber, eventId), list: 'kit', eventId, items: ['bib'] },
      coordinator,
    );
    expect(kit.status, JSON.stringify(kit.body)).toBe(200);
    expect(kit.body.registration).toMatchObject({ bib: 2, wave: { name: 'Wave B', start: '06:15', byHand: false } });

    // Cleared, the derived wave stands again.
    const cleared = await send<{ registration: Registration }>('PUT', `/api/admin/registrations/${unsure.id}/wave`, {
      wave: null,
    });
    expect(cleared.body.registration).toMatchObject({ wave: { name: 'Wave C', byHand: false }, waveOverride: null });
    expect((await startList(eventId)).map((r) => r.Wave)).toEqual(['Wave A', 'Wave B', 'Wave C', 'Wave C']);
    void fast;
    void silent;
  });

  it('answers 404 to another organisation’s staff setting a wave, and changes nothing', async () => {
    const { eventId } = await seedCheckoutEvent(t, { title: 'Waves Own Run' });
    const made = await send<TicketResponse>('POST', '/api/admin/tickets', race(eventId, { waves: WAVES }));
    const row = await buyTicket(t, { eventId, ticketId: made.body.ticket.id, participant: { email: 'own@example.com' } });
    const other = await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'waves-other-org' }));
    const outsider = await staffCookie(t, 'admin', 'waves-outsider@example.com', { organisationId: other });
    const refused = await send('PUT', `/api/admin/registrations/${row.id}/wave`, { wave: 'Wave A' }, outsider);
    expect(refused.status).toBe(404);
    const [after] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, row.id)));
    expect(after!.waveOverride).toBeNull();
  });
});
