// Issue 40: every staff read of personal or tax data in bulk is audited, as the registrations
// export and an order's view already were: the invoices list, an invoice's PDF, the invoices and
// promo-code exports, and the staff view of a waiting list. Each read writes one entry naming who
// read what, with the filters it used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, events, invoices } from '../db/schema';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { MAHARASHTRA_TAX, setTestTax } from '../testing/organisations';

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
  ids = await seedCheckoutEvent(t, { title: 'Audited Reads Run' });
  await t.db.query((db) => db.update(events).set({ gstState: '27', recognisedSport: true }).where(eq(events.id, ids.eventId)));
  await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email: 'audited@example.com' } });
});
afterAll(() => t.close());

const latest = async (action: string, entity: string) =>
  (
    await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity)))
        .orderBy(desc(auditLog.id))
        .limit(1),
    )
  )[0];

describe('bulk reads of personal or tax data (issue 40)', () => {
  it('audits the invoices list, an invoice PDF, the invoices export, the promo-code export and a waiting list', async () => {
    const manager = await staffCookie(t, 'manager', 'reader@tdk.test');
    const get = (path: string) => t.app.request(path, jsonRequest('GET', undefined, manager));

    expect((await get(`/api/admin/invoices?eventId=${ids.eventId}`)).status).toBe(200);
    expect(await latest('list', 'invoice')).toMatchObject({
      actorEmail: 'reader@tdk.test',
      detail: { filters: { eventId: ids.eventId }, count: 1 },
    });

    const [invoice] = await t.db.query((db) => db.select().from(invoices).where(eq(invoices.eventId, ids.eventId)));
    expect((await get(`/api/admin/invoices/${invoice!.id}/pdf`)).status).toBe(200);
    expect(await latest('view', 'invoice')).toMatchObject({ actorEmail: 'reader@tdk.test', entityId: String(invoice!.id) });

    expect((await get('/api/admin/invoices/export.csv?kind=invoice')).status).toBe(200);
    expect(await latest('export', 'invoice')).toMatchObject({
      actorEmail: 'reader@tdk.test',
      detail: { filters: { kind: 'invoice' } },
    });

    expect((await get(`/api/admin/events/${ids.eventId}/promo-codes/export.csv`)).status).toBe(200);
    expect(await latest('export', 'promo_code')).toMatchObject({ actorEmail: 'reader@tdk.test', entityId: String(ids.eventId) });

    expect((await get(`/api/admin/tickets/${ids.vip}/waiting-list`)).status).toBe(200);
    expect(await latest('view', 'waiting_list')).toMatchObject({ actorEmail: 'reader@tdk.test', entityId: String(ids.vip) });
  });
});
