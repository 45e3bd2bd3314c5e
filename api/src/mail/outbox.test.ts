import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '../contract';
import { dataPaths } from '../db/client';
import { emailOutbox, registrations } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { MAX_EMAIL_ATTEMPTS, enqueueStaffEmail, processOutbox } from './outbox';
import { EMAIL_KINDS } from './kinds';
import { createMailTransport, type MailTransport, type OutgoingEmail } from './transport';

// A database of its own for every test: processOutbox sends every due row there is, so the counts a
// test asserts must not include another test's e-mails.
let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
beforeEach(async () => {
  t = await createCheckoutTestApp();
  ids = await seedCheckoutEvent(t);
});
afterEach(() => t.close());

/** Pays for one ticket and returns the registration. */
async function register(email = 'asha@example.com') {
  const res = await postJson(
    t,
    '/api/cashfree/create-order',
    orderBody(ids.eventId, [{ ticketId: ids.general }], { buyer: { email } }),
  );
  const order = (await res.json()) as CreateOrderResponse;
  await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success', method: 'netbanking' });
  const [registration] = await t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, order.orderId)),
  );
  return registration!;
}

const rowsOf = (registrationId: number) =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.registrationId, registrationId)).orderBy(emailOutbox.id));
const registrationRow = async (id: number) =>
  (await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, id))))[0]!;

class FlakyTransport implements MailTransport {
  sent: OutgoingEmail[] = [];
  constructor(public failures: number) {}
  async send(message: OutgoingEmail) {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('SMTP 421 try again later');
    }
    this.sent.push(message);
    return { messageId: message.messageId };
  }
}

describe('the e-mail outbox', () => {
  it('retries a failed send with backoff, then sends it and marks the registration emailSent', async () => {
    const reg = await register();
    expect(reg.paymentMethod).toBe('Net Banking');
    const transport = new FlakyTransport(2);
    const now = Date.now();
    const first = await processOutbox({ db: t.db, env: t.env, transport }, { now: new Date(now) });
    expect(first).toMatchObject({ sent: 0, retrying: 2 });
    const pending = await rowsOf(reg.id);
    expect(pending.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError?.includes('421'))).toBe(true);
    // Not due yet: nothing happens.
    expect(await processOutbox({ db: t.db, env: t.env, transport }, { now: new Date(now + 1000) })).toMatchObject({
      sent: 0,
      retrying: 0,
    });
    const later = await processOutbox({ db: t.db, env: t.env, transport }, { now: new Date(now + 60 * 60_000) });
    expect(later.sent).toBe(2);
    expect((await rowsOf(reg.id)).every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
    expect(transport.sent.map((m) => m.to).sort()).toContain('asha@example.com');
    expect((await registrationRow(reg.id)).emailSent).toBe(true);
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts, keeping the registration`, async () => {
    const reg = await register('b@example.com');
    const transport = new FlakyTransport(1000);
    let at = Date.now();
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS; i++) {
      await processOutbox({ db: t.db, env: t.env, transport }, { now: new Date(at) });
      at += 24 * 60 * 60_000;
    }
    expect((await rowsOf(reg.id)).every((r) => r.status === 'failed' && r.attempts === MAX_EMAIL_ATTEMPTS)).toBe(true);
    expect((await registrationRow(reg.id)).status).toBe('Confirmed');
  });

  it('writes .eml files to DATA_DIR/outbox without SMTP_URL', async () => {
    const reg = await register('eml@example.com');
    const run = await processOutbox(
      { db: t.db, env: t.env, transport: createMailTransport(t.env) },
      { now: new Date(Date.now() + 1000) },
    );
    expect(run.sent).toBeGreaterThanOrEqual(2);
    const dir = dataPaths(t.env.dataDir).outboxDir;
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    const mine = files.map((f) => readFileSync(`${dir}/${f}`, 'utf8')).find((m) => m.includes('To: eml@example.com'));
    expect(mine).toBeDefined();
    expect(mine).toContain(reg.registrationNumber);
    expect(mine).toContain('Content-Type: text/html');
  });
});

describe('POST /api/send-ticket-email and /api/send-payment-emails', () => {
  it('are for staff only', async () => {
    const res = await postJson(t, '/api/send-ticket-email', { registrationNumber: 'REGX' });
    expect(res.status).toBe(401);
  });

  it('re-queue the e-mail of an existing registration, ignoring addresses in the body', async () => {
    const reg = await register('again@example.com');
    const cookie = await staffCookie(t, 'support');
    const before = (await rowsOf(reg.id)).length;
    const res = await postJson(
      t,
      '/api/send-ticket-email',
      {
        registrationNumber: reg.registrationNumber,
        customerEmail: 'victim@spam.example',
        eventName: 'Spam',
      },
      { cookie },
    );
    expect(res.status).toBe(202);
    const rows = await rowsOf(reg.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ kind: 'participant_confirmation', to: 'again@example.com', status: 'pending' });
    expect(rows.some((r) => r.to.includes('victim'))).toBe(false);
    expect((await registrationRow(reg.id)).emailSent).toBe(true);

    const admin = await postJson(t, '/api/send-payment-emails', { registrationNumber: reg.registrationNumber }, { cookie });
    expect(admin.status).toBe(202);
    expect((await rowsOf(reg.id)).at(-1)!.kind).toBe('admin_notification');

    const unknown = await postJson(t, '/api/send-ticket-email', { registrationNumber: 'REGNOPE' }, { cookie });
    expect(unknown.status).toBe(404);
  });
});

describe('the last check before a mail header', () => {
  it('refuses, without sending, a row whose recipient is not a plain address', async () => {
    const sent: OutgoingEmail[] = [];
    const recording: MailTransport = { send: async (message) => (sent.push(message), {}) };
    const [row] = await t.db.query((db) =>
      db
        .insert(emailOutbox)
        .values({
          kind: 'admin_notification',
          to: 'admin@tdksports.in, <b>x</b>@evil.example',
          subject: 'x',
          html: 'x',
          text: 'x',
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(0).toISOString(),
          createdAt: new Date(0).toISOString(),
        })
        .returning(),
    );
    await processOutbox({ db: t.db, env: t.env, transport: recording });
    expect(sent.filter((message) => message.to.includes('evil'))).toEqual([]);
    const [after] = await t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)));
    expect(after).toMatchObject({ status: 'failed' });
  });
});

describe('a turn of the outbox', () => {
  // A helper once saw PostgreSQL's UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)
  // claim more rows than n. A turn sends at most its batch, and two workers never send one twice.
  async function queue(count: number, now: Date) {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await enqueueStaffEmail(
          tx,
          EMAIL_KINDS.admin,
          [`staff${i}@example.com`],
          { subject: `Invite ${i}`, html: '<p>Hi</p>', text: 'Hi' },
          now,
        );
      }
    });
  }

  it('sends at most its batch; the rest wait for the next turn', async () => {
    const now = new Date();
    await queue(60, new Date(now.getTime() - 1000));
    const transport = new FlakyTransport(0);
    expect(await processOutbox({ db: t.db, env: t.env, transport }, { now, limit: 25 })).toMatchObject({ sent: 25 });
    expect(transport.sent).toHaveLength(25);
    const statuses = await t.db.query((db) => db.select({ status: emailOutbox.status }).from(emailOutbox));
    expect(statuses.filter((row) => row.status === 'sent')).toHaveLength(25);
    expect(statuses.filter((row) => row.status === 'pending')).toHaveLength(35);
  });

  it('two workers at once take different rows, each at most its batch', async () => {
    const now = new Date();
    await queue(60, new Date(now.getTime() - 1000));
    const transport = new FlakyTransport(0);
    const runs = await Promise.all([
      processOutbox({ db: t.db, env: t.env, transport }, { now, limit: 20 }),
      processOutbox({ db: t.db, env: t.env, transport }, { now, limit: 20 }),
    ]);
    expect(runs.map((run) => run.sent).every((sent) => sent <= 20)).toBe(true);
    const addresses = transport.sent.map((message) => message.to);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses).toHaveLength(runs[0]!.sent + runs[1]!.sent);
    expect(addresses.length).toBe(40);
  });
});
