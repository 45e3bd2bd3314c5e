import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ApiErrorBody, EventResponse, Ticket, TicketInput, TicketResponse, UploadedImageResponse } from '../contract';
import { DEFAULT_TICKET_INCLUSIONS, imageVariantUrl } from '../contract';
import { auditLog, registrations, ticketTypes } from '../db/schema';
import { jsonRequest, staffCookie, TEST_ORIGIN } from '../testing/staff-session';
import { anEventInput } from '../testing/catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let manager: string;
let coordinator: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await staffCookie(t, 'manager');
  coordinator = await staffCookie(t, 'coordinator');
});
afterAll(() => t.close());

const send = async <T>(method: string, path: string, body?: unknown, cookie = manager) => {
  const res = await t.app.request(path, jsonRequest(method, body, cookie));
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
};

/** A PNG's signature and header (IHDR, 1 × 1): what the server reads of an image. */
const png = (width = 1, height = 1) =>
  Uint8Array.from([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82],
    ...[width, height].flatMap((n) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]),
    ...[8, 6, 0, 0, 0],
  ]);
const PNG = png();
async function upload(bytes: Uint8Array, name = 'photo.png', type = 'image/png', variant?: { of: string; width: number }) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  if (variant) {
    form.append('variantOf', variant.of);
    form.append('width', String(variant.width));
  }
  const res = await t.app.request('/api/admin/uploads/images', {
    method: 'POST',
    body: form,
    headers: { cookie: manager, Origin: TEST_ORIGIN },
  });
  return { status: res.status, body: (await res.json()) as UploadedImageResponse & ApiErrorBody };
}

describe('events', () => {
  it('creates an event with an uploaded image, edits it, and removes the old image when replaced', async () => {
    const first = await upload(PNG);
    expect(first.status).toBe(201);
    expect(first.body.url).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);
    const created = await send<EventResponse>('POST', '/api/admin/events', anEventInput({ imageUrl: first.body.url }));
    expect(created.status).toBe(201);
    expect(created.body.event).toMatchObject({
      title: 'Kochi Backwater Swim',
      location: 'Kochi',
      price: 899,
      status: 'Draft',
      imageUrl: first.body.url,
    });
    expect((await t.app.request(first.body.url)).status).toBe(200);

    const second = await upload(PNG);
    const { event } = created.body;
    const edited = await send<EventResponse>('PUT', `/api/admin/events/${event.id}`, {
      ...anEventInput({ imageUrl: second.body.url, status: 'Active' }),
      updatedAt: event.updatedAt,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.event).toMatchObject({ status: 'Active', imageUrl: second.body.url });
    const uploads = t.env.uploadsDir;
    expect(existsSync(join(uploads, first.body.url.split('/').pop()!))).toBe(false);
    expect(existsSync(join(uploads, second.body.url.split('/').pop()!))).toBe(true);
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'event'), eq(auditLog.action, 'update'), eq(auditLog.entityId, String(event.id)))),
    );
    expect(audit!.detail).toMatchObject({ changes: { status: { from: 'Draft', to: 'Active' } } });

    // The form loaded before that save is stale now.
    const stale = await send('PUT', `/api/admin/events/${event.id}`, { ...anEventInput(), updatedAt: event.updatedAt });
    expect(stale.status).toBe(409);
  });

  it("answers bad input with the spec's messages, and nothing is written", async () => {
    const before = (await send<{ total: number }>('GET', '/api/admin/events')).body.total;
    const bad = await send(
      'POST',
      '/api/admin/events',
      anEventInput({ title: ' ', contactEmail: 'swim@kerala', contactPhone: '12345', maxParticipants: 0, price: -1 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: 'Title is required',
      contactEmail: 'Invalid email format',
      contactPhone: 'Phone number must be 10 digits',
      maxParticipants: 'Max participants must be greater than 0',
      price: 'Price cannot be negative',
    });
    expect((await send('POST', '/api/admin/events', { ...anEventInput(), maxParticipants: '300' })).status).toBe(400);
    expect((await send('POST', '/api/admin/events', anEventInput({ imageUrl: 'https://evil.example/x.png' }))).status).toBe(400);
    expect((await send<{ total: number }>('GET', '/api/admin/events')).body.total).toBe(before);
    expect((await send('POST', '/api/admin/events', anEventInput(), coordinator)).status).toBe(403);
  });

  it('deletes an event with its tickets and registrations, keeping all of it in the audit log', async () => {
    const img = await upload(PNG);
    const { event } = (
      await send<EventResponse>('POST', '/api/admin/events', anEventInput({ title: 'To be removed', imageUrl: img.body.url }))
    ).body;
    const ticket = await send<TicketResponse>('POST', '/api/admin/tickets', {
      eventId: event.id,
      name: 'General',
      description: '',
      category: 'General',
      price: 100,
      quantity: 10,
      status: 'Active',
    });
    expect(ticket.status).toBe(201);
    const removed = await send('DELETE', `/api/admin/events/${event.id}`);
    expect(removed).toEqual({ status: 200, body: { deleted: { tickets: 1, registrations: 0 } } });
    expect(await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id)))).toHaveLength(0);
    expect(existsSync(join(t.env.uploadsDir, img.body.url.split('/').pop()!))).toBe(false);
    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'event'), eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(event.id)))),
    );
    expect(audit!.detail).toMatchObject({ snapshot: { event: { title: 'To be removed' }, tickets: [{ name: 'General' }] } });
    expect((await send('DELETE', `/api/admin/events/${event.id}`)).status).toBe(404);
  });
});

describe('image uploads', () => {
  it('refuses what is not an image by its bytes, and an image over 5 MB', async () => {
    const text = await upload(new TextEncoder().encode('<?php echo "hi"; ?>'), 'photo.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.error.fields).toEqual({ image: 'Please select a valid image file' });
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG);
    expect((await upload(big)).status).toBe(413);
    const gif = await upload(Uint8Array.from([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0]), 'a.gif', 'image/gif');
    expect(gif.body.url).toMatch(/\.gif$/);
  });

  it('refuses an image whose header declares more than 40 megapixels, before anything is stored', async () => {
    const before = await t.db.query((db) => db.select().from(auditLog).where(eq(auditLog.action, 'upload')));
    const huge = await upload(png(20_000, 20_000), 'huge.png');
    expect(huge.status).toBe(400);
    expect(huge.body.error.fields).toEqual({ image: 'Image must be at most 40 megapixels (for example 8000 × 5000 pixels)' });
    const cut = await upload(PNG.slice(0, 16), 'cut.png');
    expect(cut.body.error.fields).toEqual({ image: 'Please select a valid image file' });
    expect(await t.db.query((db) => db.select().from(auditLog).where(eq(auditLog.action, 'upload')))).toHaveLength(before.length);
    expect((await upload(png(8_000, 5_000), 'poster.png')).status).toBe(201);
  });

  it('stores a narrower copy beside its image, and answers a copy never made with the image itself', async () => {
    const original = Uint8Array.from([...PNG, 1, 1, 1]);
    const copy = Uint8Array.from([...PNG, 2]);
    const { body } = await upload(original);
    const made = await upload(copy, 'small.png', 'image/png', { of: body.url, width: 480 });
    expect(made.status).toBe(201);
    expect(made.body.url).toBe(imageVariantUrl(body.url, 480));
    const bytesOf = async (url: string) => new Uint8Array(await (await t.app.request(url)).arrayBuffer());
    expect(await bytesOf(imageVariantUrl(body.url, 480))).toEqual(copy);
    // The 960 copy was never made: the image itself.
    const fallback = await t.app.request(imageVariantUrl(body.url, 960));
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await fallback.arrayBuffer())).toEqual(original);
    // An image that does not exist has no copies either.
    expect((await t.app.request(imageVariantUrl('/uploads/00000000-0000-4000-8000-000000000000.png', 480))).status).toBe(404);
  });

  it('refuses a copy of an unknown image, of another type, or at a width no card asks for', async () => {
    const { body } = await upload(PNG);
    const unknown = await upload(PNG, 'a.png', 'image/png', {
      of: '/uploads/00000000-0000-4000-8000-000000000000.png',
      width: 480,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ variantOf: 'No uploaded image has this URL' });
    const width = await upload(PNG, 'a.png', 'image/png', { of: body.url, width: 300 });
    expect(width.body.error.fields).toEqual({ width: 'Width must be 480 or 960' });
    const gif = await upload(
      Uint8Array.from([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0]),
      'a.gif',
      'image/gif',
      { of: body.url, width: 480 },
    );
    expect(gif.body.error.fields).toEqual({ image: 'A copy must be of the same type as its image' });
  });
});

describe('tickets', () => {
  const aTicket = (eventId: number, overrides: Partial<TicketInput> = {}): TicketInput => ({
    eventId,
    name: 'Early Bird',
    description: 'First 50',
    category: 'Early Bird',
    price: 499,
    quantity: 50,
    status: 'Active',
    ...overrides,
  });

  it('keeps the GST settings of an event and its ticket types (decision 031), and refuses a rate GST does not have', async () => {
    const made = await send<EventResponse>(
      'POST',
      '/api/admin/events',
      anEventInput({ title: 'Recognised 10K', status: 'Active', recognisedSport: true, gstState: '29' }),
    );
    expect(made.body.event).toMatchObject({ recognisedSport: true, gstState: '29' });
    const badState = await send('POST', '/api/admin/events', anEventInput({ gstState: '28' as never }));
    expect(badState.body.error.fields).toEqual({ gstState: 'Choose the state the event takes place in' });
    const standard = (await send<TicketResponse>('POST', '/api/admin/tickets', aTicket(made.body.event.id))).body.ticket;
    expect(standard.gstRate).toBe(18);
    const reduced = await send<TicketResponse>('PUT', `/api/admin/tickets/${standard.id}`, {
      ...aTicket(made.body.event.id, { gstRate: 5 }),
      updatedAt: standard.updatedAt,
    });
    expect(reduced.body.ticket.gstRate).toBe(5);
    const twelve = await send('POST', '/api/admin/tickets', aTicket(made.body.event.id, { gstRate: 12 }));
    expect(twelve.status).toBe(400);
    expect(twelve.body.error.fields).toEqual({ gstRate: 'GST rate must be 0, 5, 18 or 40 %' });
  });

  it("keeps each ticket type's own inclusions: the spec's three for a new one, then what staff write", async () => {
    const { event } = (
      await send<EventResponse>('POST', '/api/admin/events', anEventInput({ title: 'Included', status: 'Active' }))
    ).body;
    const created = (await send<TicketResponse>('POST', '/api/admin/tickets', aTicket(event.id))).body.ticket;
    expect(created.inclusions).toEqual([...DEFAULT_TICKET_INCLUSIONS]);
    const own = await send<TicketResponse>(
      'POST',
      '/api/admin/tickets',
      aTicket(event.id, { inclusions: [' Timing chip ', '', 'Finisher medal'] }),
    );
    expect(own.body.ticket.inclusions).toEqual(['Timing chip', 'Finisher medal']);
    // An edit that leaves them out keeps them; one that empties them lists nothing.
    const kept = await send<TicketResponse>('PUT', `/api/admin/tickets/${own.body.ticket.id}`, {
      ...aTicket(event.id),
      updatedAt: own.body.ticket.updatedAt,
    });
    expect(kept.body.ticket.inclusions).toEqual(['Timing chip', 'Finisher medal']);
    const emptied = await send<TicketResponse>('PUT', `/api/admin/tickets/${own.body.ticket.id}`, {
      ...aTicket(event.id, { inclusions: [] }),
      updatedAt: kept.body.ticket.updatedAt,
    });
    expect(emptied.body.ticket.inclusions).toEqual([]);
    const shown = (await (await t.app.request(`/api/events/${event.id}/tickets`)).json()) as { tickets: Ticket[] };
    expect(shown.tickets.map((x) => x.inclusions)).toEqual(expect.arrayContaining([[...DEFAULT_TICKET_INCLUSIONS], []]));
  });

  it('keeps a maximum per order: 10 for a new type, a whole team for a team type, what staff set, and the storefront sees it', async () => {
    const { event } = (
      await send<EventResponse>('POST', '/api/admin/events', anEventInput({ title: 'Per order', status: 'Active' }))
    ).body;
    const plain = (await send<TicketResponse>('POST', '/api/admin/tickets', aTicket(event.id))).body.ticket;
    expect(plain.maxPerOrder).toBe(10);
    const squad = await send<TicketResponse>('POST', '/api/admin/tickets', aTicket(event.id, { teamMin: 11, teamMax: 16 }));
    expect(squad.body.ticket.maxPerOrder).toBe(16);
    const set = await send<TicketResponse>('PUT', `/api/admin/tickets/${plain.id}`, {
      ...aTicket(event.id, { maxPerOrder: 4 }),
      updatedAt: plain.updatedAt,
    });
    expect(set.body.ticket.maxPerOrder).toBe(4);
    // An edit that leaves it out keeps it.
    const kept = await send<TicketResponse>('PUT', `/api/admin/tickets/${plain.id}`, {
      ...aTicket(event.id),
      updatedAt: set.body.ticket.updatedAt,
    });
    expect(kept.body.ticket.maxPerOrder).toBe(4);
    const bad = await send('POST', '/api/admin/tickets', aTicket(event.id, { teamMin: 11, teamMax: 16, maxPerOrder: 26 }));
    expect(bad.body.error.fields).toMatchObject({ maxPerOrder: 'Maximum per order must be at most 25' });
    const small = await send('POST', '/api/admin/tickets', aTicket(event.id, { teamMin: 11, teamMax: 16, maxPerOrder: 10 }));
    expect(small.body.error.fields).toMatchObject({ maxPerOrder: 'Maximum per order cannot be below the minimum team size' });
    const shown = (await (await t.app.request(`/api/events/${event.id}/tickets`)).json()) as { tickets: Ticket[] };
    expect(shown.tickets.map((x) => x.maxPerOrder).sort()).toEqual([16, 4]);
  });

  it("creates, edits and deletes, with the spec's messages and the quantity kept above sold plus held", async () => {
    const { event } = (await send<EventResponse>('POST', '/api/admin/events', anEventInput({ title: 'Ticketed' }))).body;
    const created = await send<TicketResponse>('POST', '/api/admin/tickets', aTicket(event.id));
    expect(created.status).toBe(201);
    expect(created.body.ticket).toMatchObject({ name: 'Early Bird', eventName: 'Ticketed', price: 499, quantity: 50, sold: 0 });
    // Open to everyone unless staff say otherwise.
    expect(created.body.ticket).toMatchObject({ minAge: null, maxAge: null, gender: null });

    const bad = await send('POST', '/api/admin/tickets', aTicket(event.id, { name: '', quantity: 0, price: -5 }));
    expect(bad.body.error.fields).toMatchObject({
      name: 'Ticket name is required',
      quantity: 'Quantity must be greater than 0',
      price: 'Price cannot be negative',
    });
    const dates = await send(
      'POST',
      '/api/admin/tickets',
      aTicket(event.id, { validFrom: '2027-01-10', validUntil: '2027-01-10' }),
    );
    expect(dates.body.error.fields).toEqual({ validUntil: 'Start date must be before end date' });
    const ages = await send('POST', '/api/admin/tickets', aTicket(event.id, { minAge: 40, maxAge: 18 }));
    expect(ages.body.error.fields).toEqual({ maxAge: 'Maximum age cannot be below the minimum age' });
    const category = await send('POST', '/api/admin/tickets', aTicket(event.id, { gender: 'women' as 'female' }));
    expect(category.body.error.fields).toEqual({ gender: 'Gender must be male, female or other' });
    // Staff set whether a type is on sale; Sold Out and Expired follow from its seats and dates (decision 036).
    const soldOut = await send('POST', '/api/admin/tickets', aTicket(event.id, { status: 'Sold Out' as 'Active' }));
    expect(soldOut.body.error.fields).toEqual({
      status: 'Status must be Active or Upcoming: Sold Out and Expired follow from the seats and dates',
    });
    const unknownEvent = await send('POST', '/api/admin/tickets', aTicket(999999));
    expect(unknownEvent.status).toBe(400);
    expect(unknownEvent.body.error.fields).toEqual({ eventId: 'Event not found' });

    const { ticket } = created.body;
    const [current] = await t.db.query((db) =>
      db.update(ticketTypes).set({ sold: 20, held: 5 }).where(eq(ticketTypes.id, ticket.id)).returning(),
    );
    const tooFew = await send('PUT', `/api/admin/tickets/${ticket.id}`, {
      ...aTicket(event.id, { quantity: 24 }),
      updatedAt: current!.updatedAt,
    });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.error.message).toBe(
      "Quantity cannot be below the 20 sold and 5 held by unpaid orders, offers and promo codes' reserved seats (25 in all)",
    );
    const edited = await send<TicketResponse>('PUT', `/api/admin/tickets/${ticket.id}`, {
      // A sold count in the form is not the staff's to set: the attendees count it.
      ...aTicket(event.id, { quantity: 80, name: 'Early Bird Plus', minAge: 18, maxAge: 35, gender: 'female' }),
      sold: 3,
      updatedAt: current!.updatedAt,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.ticket).toMatchObject({
      name: 'Early Bird Plus',
      quantity: 80,
      sold: 20,
      available: 55,
      minAge: 18,
      maxAge: 35,
      gender: 'female',
    });
    expect(await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.id, ticket.id)))).toMatchObject([
      { minAge: 18, maxAge: 35, gender: 'female' },
    ]);

    expect((await send('DELETE', `/api/admin/tickets/${ticket.id}`, undefined, coordinator)).status).toBe(403);
    expect((await send('DELETE', `/api/admin/tickets/${ticket.id}`)).status).toBe(200);
    expect((await send('GET', `/api/admin/tickets/${ticket.id}`)).status).toBe(404);
  });

  it('keeps registrations when their ticket type is deleted', async () => {
    const [reg] = await t.db.query((db) =>
      db.select().from(registrations).where(isNotNull(registrations.ticketId)).orderBy(registrations.id).limit(1),
    );
    expect((await send('DELETE', `/api/admin/tickets/${reg!.ticketId}`)).status).toBe(200);
    const [kept] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, reg!.id)));
    expect(kept).toMatchObject({ ticketId: null, ticketName: reg!.ticketName });
    const list = (await send<{ tickets: Ticket[] }>('GET', '/api/admin/tickets?showExpired=true&pageSize=100')).body.tickets;
    expect(list.some((x) => x.id === reg!.ticketId)).toBe(false);
  });
});
