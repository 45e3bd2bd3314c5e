// A finisher's certificate reaches them (issue 43, decision 070): once the results are published,
// the messages job e-mails the runner (their own address, else the buyer's) in the order's language with the certificate's link, once per runner, and
// My bookings shows the result with the certificate beside the entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiErrorBody, MyBookingsResponse } from '../contract';
import { emailOutbox, orders, registrations, resultVersions } from '../db/schema';
import { EMAIL_KINDS } from '../mail/kinds';
import { queueCertificateEmails } from '../services/results';
import { pdfText } from '../testing/poppler';
import { createCheckoutTestApp, raceEntry, staffCookie, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, TEST_ORIGIN } from '../testing/staff-session';

let t: CheckoutTestApp;
let manager: string;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const call = async <T>(method: string, path: string, body: unknown, cookie: string) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & ApiErrorBody };
};

const importResults = async (eventId: number, text: string) =>
  t.app.request(`/api/admin/events/${eventId}/results/import`, {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, cookie: manager, 'Content-Type': 'text/csv' },
    body: text,
  });

describe('a finisher hears of their certificate', () => {
  it('by e-mail in the order’s language when results are published, once, and in My bookings', async () => {
    const { ids, runner, buyer } = await raceEntry(t, 'Certificate Mail 10K', 'priya.certificate@example.com');
    await t.db.query((db) => db.update(orders).set({ language: 'hi' }).where(eq(orders.id, runner.orderId!)));
    const bib = runner.bib!;

    // Before publication: no result in My bookings, no e-mail.
    expect((await importResults(ids.eventId, `bib,gun_time,net_time,status\n${bib},0:58:10,0:57:42,finisher`)).status).toBe(201);
    const before = await call<MyBookingsResponse>('GET', '/api/bookings', undefined, buyer);
    expect(before.body.bookings.flatMap((b) => b.attendees)[0]).not.toHaveProperty('result');

    expect((await call('POST', `/api/admin/events/${ids.eventId}/results/publish`, {}, manager)).status).toBe(200);
    const mails = () =>
      t.db.query((db) =>
        db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.kind, EMAIL_KINDS.finisherCertificate), eq(emailOutbox.registrationId, runner.id))),
      );
    // The messages job queues them after the publication, in batches (a marathon is 50,000).
    expect(await mails()).toHaveLength(0);
    expect(await queueCertificateEmails(t.db, t.env)).toBeGreaterThanOrEqual(1);
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: 'priya.certificate@example.com' });
    expect(mail!.subject).toContain('0:57:42');
    expect(mail!.subject).toContain('में पूरी की');
    const after = await call<MyBookingsResponse>('GET', '/api/bookings', undefined, buyer);
    const result = after.body.bookings.flatMap((b) => b.attendees)[0]!.result!;
    expect(result).toMatchObject({ status: 'finisher', netTime: '0:57:42' });
    expect(mail!.text).toContain(`/api/results/${result.id}/certificate.pdf?lang=hi`);

    // The certificate the link gives is in Hindi with the runner's name.
    const pdf = await t.app.request(`/api/results/${result.id}/certificate.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(await pdf.arrayBuffer());
    expect(text).toContain(runner.firstName);
    expect(text).toContain('0:57:42');
    expect(text).toContain('प्रमाणपत्र');

    // A corrected file, published again: My bookings reads the new time; nobody is mailed twice.
    expect((await importResults(ids.eventId, `bib,gun_time,net_time,status\n${bib},0:58:10,0:57:40,finisher`)).status).toBe(201);
    expect((await call('POST', `/api/admin/events/${ids.eventId}/results/publish`, {}, manager)).status).toBe(200);
    await queueCertificateEmails(t.db, t.env);
    expect(await mails()).toHaveLength(1);
    // Both versions are done: the job does not look at them again.
    const versions = await t.db.query((db) => db.select().from(resultVersions).where(eq(resultVersions.eventId, ids.eventId)));
    expect(versions.map((v) => v.certificatesQueuedAt !== null)).toEqual([true, true]);
    const corrected = await call<MyBookingsResponse>('GET', '/api/bookings', undefined, buyer);
    expect(corrected.body.bookings.flatMap((b) => b.attendees)[0]!.result).toMatchObject({ netTime: '0:57:40' });
  });

  it('at the runner’s own address when they gave one, as their ticket went; the buyer’s otherwise', async () => {
    const { ids, runner } = await raceEntry(t, 'Certificate Own Address 5K', 'parent.buyer@example.com');
    // The parent bought; the runner gave an address of their own on the attendee form.
    await t.db.query((db) =>
      db
        .update(registrations)
        .set({ firstName: 'Kabir', lastName: 'Mehta', email: 'Kabir.Runs@example.com' })
        .where(eq(registrations.id, runner.id)),
    );
    expect(
      (await importResults(ids.eventId, `bib,gun_time,net_time,status\n${runner.bib},0:31:05,0:30:58,finisher`)).status,
    ).toBe(201);
    expect((await call('POST', `/api/admin/events/${ids.eventId}/results/publish`, {}, manager)).status).toBe(200);
    await queueCertificateEmails(t.db, t.env);
    const [mail, ...others] = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, EMAIL_KINDS.finisherCertificate), eq(emailOutbox.registrationId, runner.id))),
    );
    expect(others).toHaveLength(0);
    expect(mail!.to).toBe('Kabir.Runs@example.com');
    // Addressed to the runner, not to the parent who paid.
    expect(mail!.text).toContain('Hi Kabir Mehta,');
    expect(mail!.text).not.toContain('Asha');
  });
});
