// The newsletter, double opt-in (issue 28, decision 029): one answer whatever the list holds, a
// confirmation link mailed in the visitor's language, subscribed only once confirmed, and limits
// kept in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiErrorBody } from '../contract';
import { emailOutbox, newsletterSubscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { NEWSLETTER_MAILS_PER_EMAIL, NEWSLETTER_PER_ADDRESS } from './newsletter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let address = 0;
const nextAddress = () => `172.17.${(address >> 8) & 255}.${address++ & 255}`;

const subscriberOf = async (email: string) =>
  (await t.db.query((db) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))))[0];

const post = (path: string, body: unknown, ip = nextAddress()) =>
  t.app.request(`http://localhost/api/newsletter${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
const subscribe = (body: unknown, ip?: string) => post('', body, ip);
const confirm = (token: string) => post('/confirm', { token });

const mailsTo = (email: string) =>
  t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'newsletter_confirm'), eq(emailOutbox.to, email)))
      .orderBy(desc(emailOutbox.id)),
  );
/** The token of the latest link mailed to `email`, read from the outbox as a mail catcher would. */
const mailedToken = async (email: string) =>
  /\/newsletter\/confirm[^#\s"]*#([A-Za-z0-9_-]{43})/.exec((await mailsTo(email))[0]?.text ?? '')?.[1];

describe('POST /api/newsletter', () => {
  it('answers 202 pending, stores the address lower-cased and unconfirmed, and mails it a confirmation link', async () => {
    const res = await subscribe({ email: '  Runner@Example.com ' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ pending: true });
    const row = await subscriberOf('runner@example.com');
    expect(row?.confirmedAt).toBeNull();
    const [mail] = await mailsTo('runner@example.com');
    expect(mail?.subject).toMatch(/^Confirm your subscription to the .+ newsletter$/);
    expect(mail?.html).toContain('Confirm my subscription');
    expect(await mailedToken('runner@example.com')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the link's hash is kept.
    expect(row?.confirmTokenHash).not.toContain(await mailedToken('runner@example.com'));
  });

  it('gives the same answer for a new, a waiting and a subscribed address, and mails a subscribed one nothing', async () => {
    const answers = [];
    answers.push(await subscribe({ email: 'swimmer@example.com' }));
    answers.push(await subscribe({ email: 'SWIMMER@example.com' }));
    expect((await confirm((await mailedToken('swimmer@example.com'))!)).status).toBe(200);
    const mailed = (await mailsTo('swimmer@example.com')).length;
    answers.push(await subscribe({ email: 'swimmer@example.com' }));
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ pending: true });
    }
    expect(await mailsTo('swimmer@example.com')).toHaveLength(mailed);
    expect(
      await t.db.query((db) =>
        db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'swimmer@example.com')),
      ),
    ).toHaveLength(1);
  });

  it("mails the link in the visitor's language, and the link opens the page in it", async () => {
    for (const [language, subject] of [
      ['hi', 'न्यूज़लेटर की सदस्यता की पुष्टि करें'],
      ['mr', 'वृत्तपत्राच्या सदस्यत्वाची खात्री करा'],
    ] as const) {
      const email = `reader-${language}@example.com`;
      expect((await subscribe({ email, language })).status).toBe(202);
      const [mail] = await mailsTo(email);
      expect(mail?.subject).toContain(subject);
      expect(mail?.text).toContain(`/newsletter/confirm?lang=${language}#`);
      expect((await subscriberOf(email))?.language).toBe(language);
    }
  });

  it('limits sign-ups per client address with 429 and Retry-After, shared through the database', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < NEWSLETTER_PER_ADDRESS; i++)
      expect((await subscribe({ email: `fan${i}@example.com` }, ip)).status).toBe(202);
    const limited = await subscribe({ email: 'one-more@example.com' }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await limited.json()) as ApiErrorBody).error.code).toBe('rate_limited');
    expect(await subscriberOf('one-more@example.com')).toBeUndefined();
  });

  it('mails one address at most a few times a day, answering the same after', async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < NEWSLETTER_MAILS_PER_EMAIL + 3; i++) {
      const res = await subscribe({ email });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ pending: true });
    }
    expect(await mailsTo(email)).toHaveLength(NEWSLETTER_MAILS_PER_EMAIL);
  });

  it.each([['not-an-email'], ['a@b'], ['two words@x.com']])('rejects %s with 400 Invalid email format', async (email) => {
    const res = await subscribe({ email });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ApiErrorBody;
    expect(error.code).toBe('validation_error');
    expect(error.fields?.email).toBe('Invalid email format');
  });

  it('rejects a missing e-mail with 400 naming the field', async () => {
    const res = await subscribe({});
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ApiErrorBody;
    expect(error.fields?.email).toBe('Email is required');
  });
});

describe('POST /api/newsletter/confirm', () => {
  it('subscribes the address once its link is opened, and again harmlessly', async () => {
    await subscribe({ email: 'cyclist@example.com' });
    const token = (await mailedToken('cyclist@example.com'))!;
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ confirmed: true });
    const confirmedAt = (await subscriberOf('cyclist@example.com'))?.confirmedAt;
    expect(confirmedAt).toBeTruthy();
    expect((await confirm(token)).status).toBe(200);
    expect((await subscriberOf('cyclist@example.com'))?.confirmedAt).toBe(confirmedAt);
  });

  it('refuses a link that is unknown, replaced by a newer one, or older than 7 days', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ApiErrorBody).error).toEqual({
      code: 'link_invalid',
      message: 'This confirmation link is not valid. Subscribe again to get a new one.',
    });
    expect((await confirm('short')).status).toBe(400);

    await subscribe({ email: 'walker@example.com' });
    const first = (await mailedToken('walker@example.com'))!;
    await subscribe({ email: 'walker@example.com' });
    expect((await confirm(first)).status).toBe(404);

    const latest = (await mailedToken('walker@example.com'))!;
    await t.db.query((db) =>
      db
        .update(newsletterSubscribers)
        .set({ confirmSentAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
        .where(eq(newsletterSubscribers.email, 'walker@example.com')),
    );
    const expired = await confirm(latest);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as ApiErrorBody).error.code).toBe('link_expired');
    expect((await subscriberOf('walker@example.com'))?.confirmedAt).toBeNull();
  });
});
