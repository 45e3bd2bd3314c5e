// Messages to registrants (issue 44, decision 072): a manager composes a message to an event's
// attendees, filtered; the worker hands it to the e-mail outbox in each recipient's language with an
// unsubscribe link; nobody gets it twice (two runs, two workers at once, a run stopped half-way);
// an opt-out is honoured; a scheduled message waits; another organisation's event and message are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog, checkIns, emailOutbox, eventMessageRecipients, orders, registrations } from '../db/schema';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestOrganisation } from '../testing/organisations';
import { EMAIL_KINDS, processOutbox } from '../mail/outbox';
import { handOverBatch, sendDueMessages } from '../services/event-messages';
import { messagesTurn } from '../jobs/scheduler';
import type { CreateMessageResponse, EventMessageDetail } from '../contract/messages';

let t: CheckoutTestApp;
let manager: string;
let coordinator: string;
let otherOrganisationEventId: number;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  manager = await staffCookie(t, 'manager');
  coordinator = await staffCookie(t, 'coordinator');
  const other = await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'messages-other-org' }));
  otherOrganisationEventId = (await seedCheckoutEvent(t, { title: 'Another Organiser 10K', organisationId: other })).eventId;
});
afterAll(() => t.close());

interface Runner {
  name: string;
  email: string;
  language?: 'en' | 'hi' | 'mr';
  vip?: boolean;
  checkedIn?: boolean;
  status?: 'Cancelled';
}

/** A race of its own with these runners (each bought alone), their attendee ids by first name. */
async function race(runners: Runner[]) {
  const ids = await seedCheckoutEvent(t, { title: `Rain Run ${Math.random().toString(36).slice(2, 8)}` });
  const byName: Record<string, number> = {};
  for (const r of runners) {
    const row = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: r.vip ? ids.vip : ids.general,
      participant: { fullName: `${r.name} Rao`, email: r.email },
    });
    byName[r.name] = row.id;
    if (r.language) await t.db.query((db) => db.update(orders).set({ language: r.language }).where(eq(orders.id, row.orderId!)));
    if (r.status)
      await t.db.query((db) => db.update(registrations).set({ status: r.status }).where(eq(registrations.id, row.id)));
    if (r.checkedIn) {
      await t.db.query((db) =>
        db.insert(checkIns).values({
          registrationId: row.id,
          list: 'entry',
          gate: 'Gate 1',
          staffEmail: 'gate@tdk.test',
          via: 'online',
          checkedInAt: new Date().toISOString(),
        }),
      );
    }
  }
  return { ...ids, byName };
}

const compose = (eventId: number, body: unknown, cookie = manager) =>
  t.app.request(`/api/admin/events/${eventId}/messages`, jsonRequest('POST', body, cookie));

async function composed(eventId: number, body: unknown): Promise<CreateMessageResponse> {
  const res = await compose(eventId, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreateMessageResponse;
}

async function detail(eventId: number, messageId: number) {
  const res = await t.app.request(`/api/admin/events/${eventId}/messages/${messageId}`, jsonRequest('GET', undefined, manager));
  expect(res.status).toBe(200);
  return (await res.json()) as EventMessageDetail & { counts: Record<string, number> };
}

/** The announcement e-mails queued for these attendees, oldest first. */
const announcements = (attendeeIds: number[]) =>
  t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, EMAIL_KINDS.announcement), inArray(emailOutbox.registrationId, attendeeIds)))
      .orderBy(emailOutbox.id),
  );

const rainOut = {
  subject: 'Race moved: rain',
  body: { en: 'The 10K starts at 7:00 instead of 6:00.', hi: '10K अब 6:00 के बजाय 7:00 बजे शुरू होगी।' },
  channels: ['email'],
};

describe('messages to registrants (issue 44)', () => {
  it('sends a rain-out notice to every paid attendee in their language, with an unsubscribe link, and shows each delivery state', async () => {
    const r = await race([
      { name: 'Asha', email: 'asha.msg@example.com' },
      { name: 'Ravi', email: 'ravi.msg@example.com', language: 'hi' },
      { name: 'Sana', email: 'sana.msg@example.com', language: 'mr' },
      { name: 'Gone', email: 'gone.msg@example.com', status: 'Cancelled' },
    ]);
    const { id, recipients } = await composed(r.eventId, rainOut);
    expect(recipients).toBe(3);
    // Nothing leaves from the request: the worker hands it over.
    expect(await announcements(Object.values(r.byName))).toHaveLength(0);
    expect((await detail(r.eventId, id)).recipients.map((x) => x.emailState)).toEqual(['pending', 'pending', 'pending']);

    expect(await messagesTurn(t.db, t.env, 'test-worker')).toBeGreaterThanOrEqual(3);
    const mails = await announcements(Object.values(r.byName));
    expect(mails.map((m) => m.to)).toEqual(['asha.msg@example.com', 'ravi.msg@example.com', 'sana.msg@example.com']);
    expect(mails.every((m) => m.subject === 'Race moved: rain')).toBe(true);
    expect(mails[0]!.text).toContain('The 10K starts at 7:00');
    expect(mails[1]!.text).toContain('10K अब 6:00 के बजाय 7:00 बजे शुरू होगी।');
    // Marathi was not written: English for Sana, with the footer in Marathi.
    expect(mails[2]!.text).toContain('The 10K starts at 7:00');
    expect(mails[2]!.text).toContain('नोंदणी केल्यामुळे');
    for (const m of mails) expect(m.text).toMatch(/\/unsubscribe(\?lang=(hi|mr))?#t=\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{32}/);
    // The page opens in the reader's language.
    expect(mails[1]!.text).toContain('/unsubscribe?lang=hi#t=');
    expect(mails[0]!.html).toContain('/unsubscribe#t=');

    const queued = await detail(r.eventId, id);
    expect(queued.message.state).toBe('sent');
    expect(queued.recipients.map((x) => [x.name, x.language, x.emailState])).toEqual([
      ['Asha Rao', 'en', 'queued'],
      ['Ravi Rao', 'hi', 'queued'],
      ['Sana Rao', 'mr', 'queued'],
    ]);
    await processOutbox({ db: t.db, env: t.env, transport: { send: () => Promise.resolve({}) } }, { limit: 100 });
    const sent = await detail(r.eventId, id);
    expect(sent.recipients.map((x) => x.emailState)).toEqual(['sent', 'sent', 'sent']);
    expect(sent.recipients.every((x) => x.emailSentAt)).toBe(true);
    expect(sent.counts).toEqual({ sent: 3 });

    const [entry] = await t.db.query((db) =>
      db.select().from(auditLog).where(eq(auditLog.entity, 'event_message')).orderBy(desc(auditLog.id)).limit(1),
    );
    expect(entry).toMatchObject({ action: 'create', entityId: String(id), detail: { eventId: r.eventId, recipients: 3 } });
    const list = await t.app.request(`/api/admin/events/${r.eventId}/messages`, jsonRequest('GET', undefined, manager));
    expect(((await list.json()) as { messages: { id: number }[] }).messages.map((m) => m.id)).toEqual([id]);
  });

  it('filters the audience by ticket type, status, check-in and language', async () => {
    const r = await race([
      { name: 'Asha', email: 'f.asha@example.com', checkedIn: true },
      { name: 'Ravi', email: 'f.ravi@example.com', vip: true, language: 'hi' },
      { name: 'Sana', email: 'f.sana@example.com', language: 'hi', checkedIn: true },
      { name: 'Gone', email: 'f.gone@example.com', status: 'Cancelled' },
    ]);
    const names = async (audience: unknown) => {
      const { id } = await composed(r.eventId, { ...rainOut, audience });
      return (await detail(r.eventId, id)).recipients.map((x) => x.name.split(' ')[0]);
    };
    expect(await names({ ticketIds: [r.vip] })).toEqual(['Ravi']);
    expect(await names({ checkedIn: true })).toEqual(['Asha', 'Sana']);
    expect(await names({ checkedIn: false })).toEqual(['Ravi']);
    expect(await names({ languages: ['hi'] })).toEqual(['Ravi', 'Sana']);
    expect(await names({ languages: ['hi'], checkedIn: true })).toEqual(['Sana']);
    expect(await names({ statuses: ['Cancelled'] })).toEqual(['Gone']);
  });

  it('sends one e-mail per address and never twice, however many runs or workers', async () => {
    const r = await race([
      { name: 'Asha', email: 'twice.asha@example.com' },
      { name: 'Ravi', email: 'twice.ravi@example.com' },
      { name: 'Kid', email: 'twice.asha@example.com' },
    ]);
    const ids = Object.values(r.byName);
    const { id } = await composed(r.eventId, rainOut);
    // Two workers at once (two instances), then another run.
    await Promise.all([sendDueMessages({ db: t.db, env: t.env }), sendDueMessages({ db: t.db, env: t.env })]);
    await sendDueMessages({ db: t.db, env: t.env });
    expect((await announcements(ids)).map((m) => m.to)).toEqual(['twice.asha@example.com', 'twice.ravi@example.com']);
    expect((await detail(r.eventId, id)).recipients.map((x) => x.emailState)).toEqual(['queued', 'queued', 'duplicate']);
  });

  it('resumes a send stopped half-way (a crash inside a batch and a restart between batches) without sending anyone twice', async () => {
    const r = await race([
      { name: 'A', email: 'resume.a@example.com' },
      { name: 'B', email: 'resume.b@example.com' },
      { name: 'C', email: 'resume.c@example.com' },
    ]);
    const ids = Object.values(r.byName);
    // Other tests' messages handed over first: this one is then the only one due.
    await sendDueMessages({ db: t.db, env: t.env });
    const { id } = await composed(r.eventId, rainOut);
    // The process dies inside a batch, before its commit: nothing of it stays.
    await expect(
      t.db.transaction(async (tx) => {
        await handOverBatch(tx, t.env, id, 2);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await announcements(ids)).toHaveLength(0);
    // One batch of one commits, then the process stops.
    expect(await sendDueMessages({ db: t.db, env: t.env }, { batch: 1, maxBatches: 1 })).toBe(1);
    expect((await detail(r.eventId, id)).message.state).toBe('sending');
    // Restarted: the rest, once each.
    await sendDueMessages({ db: t.db, env: t.env });
    expect((await announcements(ids)).map((m) => m.to)).toEqual([
      'resume.a@example.com',
      'resume.b@example.com',
      'resume.c@example.com',
    ]);
    expect((await detail(r.eventId, id)).message.state).toBe('sent');
  });

  it('honours an unsubscribe from announcements for the organisation, and refuses a forged link', async () => {
    const r = await race([
      { name: 'Asha', email: 'unsub.asha@example.com' },
      { name: 'Ravi', email: 'unsub.ravi@example.com' },
    ]);
    await composed(r.eventId, rainOut);
    await sendDueMessages({ db: t.db, env: t.env });
    const [first] = await announcements([r.byName.Asha!]);
    const token = /\/unsubscribe#t=([^\s"]+)/.exec(first!.text)![1]!;

    const forged = await t.app.request('/api/messages/unsubscribe', jsonRequest('POST', { token: `${token.slice(0, -2)}xx` }));
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('link_invalid');
    const res = await t.app.request('/api/messages/unsubscribe', jsonRequest('POST', { token }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
    // Twice is fine.
    expect((await t.app.request('/api/messages/unsubscribe', jsonRequest('POST', { token }))).status).toBe(200);

    const { id } = await composed(r.eventId, { ...rainOut, subject: 'Kit collection moved' });
    await sendDueMessages({ db: t.db, env: t.env });
    const second = await announcements(Object.values(r.byName));
    expect(second.filter((m) => m.subject === 'Kit collection moved').map((m) => m.to)).toEqual(['unsub.ravi@example.com']);
    expect((await detail(r.eventId, id)).recipients.map((x) => [x.email, x.emailState])).toEqual([
      ['unsub.asha@example.com', 'unsubscribed'],
      ['unsub.ravi@example.com', 'queued'],
    ]);
    const rows = await t.db.query((db) =>
      db.select().from(eventMessageRecipients).where(eq(eventMessageRecipients.messageId, id)),
    );
    expect(rows.find((x) => x.email === 'unsub.asha@example.com')!.emailOutboxId).toBeNull();
  });

  it('keeps a scheduled message until its time', async () => {
    const r = await race([{ name: 'Asha', email: 'later.asha@example.com' }]);
    const sendAt = new Date(Date.now() + 3_600_000);
    const { id } = await composed(r.eventId, { ...rainOut, sendAt: sendAt.toISOString() });
    await sendDueMessages({ db: t.db, env: t.env });
    expect(await announcements([r.byName.Asha!])).toHaveLength(0);
    expect((await detail(r.eventId, id)).message).toMatchObject({ state: 'queued', sendAt: sendAt.toISOString() });
    await sendDueMessages({ db: t.db, env: t.env }, { now: new Date(sendAt.getTime() + 1000) });
    expect(await announcements([r.byName.Asha!])).toHaveLength(1);
    expect((await detail(r.eventId, id)).message.state).toBe('sent');
  });

  it('answers clear 400s: a time in the past, an audience of nobody, a language without its text, no English, WhatsApp', async () => {
    const r = await race([{ name: 'Asha', email: 'bad.asha@example.com' }]);
    const refused = async (body: unknown) => {
      const res = await compose(r.eventId, body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } }).error;
    };
    expect(await refused({ ...rainOut, sendAt: new Date(Date.now() - 3_600_000).toISOString() })).toMatchObject({
      code: 'validation_error',
      fields: { sendAt: expect.stringContaining('in the past') },
    });
    expect(await refused({ ...rainOut, audience: { statuses: ['No-Show'] } })).toMatchObject({
      fields: { audience: expect.stringContaining('Nobody matches') },
    });
    expect((await refused({ ...rainOut, audience: { languages: ['mr'] } })).fields['body.mr']).toContain('language with no text');
    expect((await refused({ ...rainOut, body: { hi: 'केवल हिंदी' } })).fields['body.en']).toContain('Write the message in English');
    expect((await refused({ ...rainOut, channels: ['email', 'whatsapp'] })).fields.channels).toContain('WhatsApp');
    expect((await refused({ ...rainOut, channels: [] })).fields.channels).toContain('at least one channel');
    // Nothing was composed by any of them.
    const list = await t.app.request(`/api/admin/events/${r.eventId}/messages`, jsonRequest('GET', undefined, manager));
    expect(((await list.json()) as { messages: unknown[] }).messages).toEqual([]);
  });

  it("answers 404 for another organisation's event and for a message of another event, and 403 below manager", async () => {
    const r = await race([{ name: 'Asha', email: 'scope.asha@example.com' }]);
    const mine = await race([{ name: 'Ravi', email: 'scope.ravi@example.com' }]);
    const { id } = await composed(r.eventId, rainOut);
    expect((await compose(otherOrganisationEventId, rainOut)).status).toBe(404);
    expect(
      (
        await t.app.request(
          `/api/admin/events/${otherOrganisationEventId}/messages/${id}`,
          jsonRequest('GET', undefined, manager),
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.app.request(`/api/admin/events/${mine.eventId}/messages/${id}`, jsonRequest('GET', undefined, manager))).status,
    ).toBe(404);
    expect((await compose(r.eventId, rainOut, coordinator)).status).toBe(403);
    expect(
      (await t.app.request(`/api/admin/events/${r.eventId}/messages/${id}`, jsonRequest('GET', undefined, coordinator))).status,
    ).toBe(403);
  });
});
