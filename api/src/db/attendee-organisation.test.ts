// Decision 059: an attendee's organisation is its event's. `registrations.organisation_id` is the
// key every admin list is scoped by; the composite foreign key to events (id, organisation_id) keeps
// it the event's own, on both engines, whatever writes the row.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, registrations, ticketTypes } from './schema';
import { createTestOrganisation } from '../testing/organisations';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
beforeEach(async () => {
  t = await createCheckoutTestApp();
});
afterEach(async () => {
  await t.close();
});

const organisationsOfAttendees = (eventId: number) =>
  t.db.query(async (db) =>
    (
      await db
        .select({ organisationId: registrations.organisationId })
        .from(registrations)
        .where(eq(registrations.eventId, eventId))
    ).map((row) => row.organisationId),
  );

describe("an attendee's organisation (decision 059)", () => {
  it('is the event organisation for a bought ticket and its ticket types, follows the event to another organisation, and refuses any other', async () => {
    const runners = await t.db.query((db) => createTestOrganisation(db, { slug: 'pune-runners-059' }));
    const league = await t.db.query((db) => createTestOrganisation(db, { slug: 'bengaluru-league-059' }));
    const seed = await seedCheckoutEvent(t, { organisationId: runners, title: 'Pune Monsoon 10K' });

    const bought = await buyTicket(t, { eventId: seed.eventId, ticketId: seed.general, quantity: 2 });
    expect(bought.status).toBe('Confirmed');
    expect(await organisationsOfAttendees(seed.eventId)).toEqual([runners, runners]);

    // The event handed to another organisation: its attendees go with it, in the same statement.
    await t.db.query((db) => db.update(events).set({ organisationId: league }).where(eq(events.id, seed.eventId)));
    expect(await organisationsOfAttendees(seed.eventId)).toEqual([league, league]);
    const ticketTypeOrganisations = await t.db.query((db) =>
      db
        .selectDistinct({ organisationId: ticketTypes.organisationId })
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, seed.eventId)),
    );
    expect(ticketTypeOrganisations).toEqual([{ organisationId: league }]);

    // A row naming an organisation that is not its event's is refused by the database.
    await expect(
      t.db.query((db) =>
        db.insert(registrations).values({
          registrationNumber: 'REG059WRONG',
          eventId: seed.eventId,
          organisationId: runners,
          ticketName: 'General',
          ticketPricePaise: 0,
          amountPaise: 0,
          qrCode: 'TDK-REG059WRONG',
        }),
      ),
    ).rejects.toThrow();
    await expect(
      t.db.query((db) =>
        db.update(registrations).set({ organisationId: runners }).where(eq(registrations.eventId, seed.eventId)),
      ),
    ).rejects.toThrow();
    await expect(
      t.db.query((db) =>
        db
          .insert(ticketTypes)
          .values({ eventId: seed.eventId, organisationId: runners, name: 'Elite', quantity: 5, category: 'General' }),
      ),
    ).rejects.toThrow();
    expect(await organisationsOfAttendees(seed.eventId)).toEqual([league, league]);
  });
});
