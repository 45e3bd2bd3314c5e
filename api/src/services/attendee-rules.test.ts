// Issue 23's rules at create-order and fulfilment: questions of every kind, built-in fields asked or
// not, team entries, bibs under concurrency and the event's own capacity. Each test builds its event.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, EventQuestion } from '../contract';
import { emailOutbox, events, orders, registrations, ticketTypes } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  ticketRow,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { organisationOfEvent } from '../db/tenancy';

let t: CheckoutTestApp;
beforeEach(async () => {
  t = await createCheckoutTestApp();
});
afterEach(async () => {
  await t.close();
});

const QUESTIONS: EventQuestion[] = [
  {
    id: 'club',
    kind: 'shortText',
    label: 'Running club',
    helpText: '',
    required: false,
    options: [],
    waiverText: '',
    ticketIds: [],
  },
  {
    id: 'why',
    kind: 'longText',
    label: 'Why do you run?',
    helpText: '',
    required: false,
    options: [],
    waiverText: '',
    ticketIds: [],
  },
  {
    id: 'best',
    kind: 'number',
    label: 'Best 10K (minutes)',
    helpText: '',
    required: true,
    options: [],
    waiverText: '',
    ticketIds: [],
  },
  { id: 'last', kind: 'date', label: 'Last race', helpText: '', required: false, options: [], waiverText: '', ticketIds: [] },
  {
    id: 'wave',
    kind: 'singleChoice',
    label: 'Start wave',
    helpText: '',
    required: true,
    options: ['A', 'B', 'C'],
    waiverText: '',
    ticketIds: [],
  },
  {
    id: 'food',
    kind: 'multipleChoice',
    label: 'Meals',
    helpText: '',
    required: false,
    options: ['Veg', 'Jain', 'Vegan'],
    waiverText: '',
    ticketIds: [],
  },
  {
    id: 'waiver',
    kind: 'yesNo',
    label: 'I accept the waiver',
    helpText: '',
    required: true,
    options: [],
    waiverText: 'I run at my own risk.',
    ticketIds: [],
  },
];

const GOOD_ANSWERS = {
  club: 'Striders',
  why: 'For the sea air',
  best: 52,
  last: '2026-08-15',
  wave: 'B',
  food: ['Veg', 'Jain'],
  waiver: true,
};

const create = (body: unknown) => postJson(t, '/api/cashfree/create-order', body);
const fieldsOf = async (res: Response) =>
  ((await res.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {};

async function pay(created: Response) {
  expect(created.status).toBe(201);
  const order = (await created.json()) as CreateOrderResponse;
  await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
  return t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, order.orderId)).orderBy(asc(registrations.position)),
  );
}

/** The orders of one event (the demo seed has orders of its own). */
const orderCount = async (eventId: number) =>
  (await t.db.query((db) => db.select().from(orders).where(eq(orders.eventId, eventId)))).length;

describe('questions per event', () => {
  it('keeps the answers of every kind on the attendee', async () => {
    const seed = await seedCheckoutEvent(t);
    await t.db.query((db) => db.update(events).set({ questions: QUESTIONS }).where(eq(events.id, seed.eventId)));
    const body = orderBody(seed.eventId, [{ ticketId: seed.general }]);
    body.attendees[0]!.answers = GOOD_ANSWERS;
    const [attendee] = await pay(await create(body));
    expect(attendee!.answers).toEqual(GOOD_ANSWERS);
  });

  it('refuses each wrong answer on its attendee and question, holding nothing', async () => {
    const seed = await seedCheckoutEvent(t);
    await t.db.query((db) => db.update(events).set({ questions: QUESTIONS }).where(eq(events.id, seed.eventId)));
    const body = orderBody(seed.eventId, [{ ticketId: seed.general, quantity: 2 }]);
    body.attendees[0]!.answers = GOOD_ANSWERS;
    body.attendees[1]!.answers = {
      best: 'fast',
      last: '2026-02-30',
      wave: 'Z',
      food: ['Veg', 'Pizza'],
      waiver: false,
      club: 'x',
      nope: 'y',
    };
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual({
      'attendees.1.answers.best': 'Please enter a number',
      'attendees.1.answers.last': 'Please enter a date',
      'attendees.1.answers.wave': 'Please choose one of the options',
      'attendees.1.answers.food': 'Please choose one of the options',
      'attendees.1.answers.waiver': 'Please accept the waiver to continue',
      'attendees.1.answers.nope': 'This event has no such question',
    });
    expect((await ticketRow(t, seed.general)).held).toBe(0);
    expect(await orderCount(seed.eventId)).toBe(0);
  });

  it('asks a question only of the ticket types it names', async () => {
    const seed = await seedCheckoutEvent(t);
    const vipOnly: EventQuestion = { ...QUESTIONS[4]!, ticketIds: [seed.vip] };
    await t.db.query((db) =>
      db
        .update(events)
        .set({ questions: [vipOnly] })
        .where(eq(events.id, seed.eventId)),
    );
    const missing = await create(orderBody(seed.eventId, [{ ticketId: seed.general }, { ticketId: seed.vip }]));
    expect(await fieldsOf(missing)).toEqual({ 'attendees.1.answers.wave': 'Please answer this question' });
    const general = orderBody(seed.eventId, [{ ticketId: seed.general }]);
    general.attendees[0]!.answers = { wave: 'A' };
    expect(await fieldsOf(await create(general))).toEqual({ 'attendees.0.answers.wave': 'This event has no such question' });
  });

  it('asks the built-in fields the event requires, and not those it makes optional', async () => {
    const seed = await seedCheckoutEvent(t);
    await t.db.query((db) =>
      db
        .update(events)
        .set({ participantFields: { tshirtSize: 'required', emergencyContact: 'optional' } })
        .where(eq(events.id, seed.eventId)),
    );
    const body = orderBody(seed.eventId, [{ ticketId: seed.general }], {
      participant: { tshirtSize: '', emergencyContact: '', emergencyPhone: '' },
    });
    expect(await fieldsOf(await create(body))).toEqual({ 'attendees.0.participant.tshirtSize': 'Please choose a T-shirt size' });
  });
});

describe('team entries', () => {
  async function relay(teamPricing: 'member' | 'team') {
    const seed = await seedCheckoutEvent(t);
    const [row] = await t.db.query((db) =>
      db
        .insert(ticketTypes)
        .values({
          eventId: seed.eventId,
          organisationId: organisationOfEvent(seed.eventId),
          name: 'Relay 4×5K',
          pricePaise: 200_000,
          quantity: 40,
          category: 'Team',
          teamMin: 4,
          teamMax: 4,
          teamPricing,
        })
        .returning({ id: ticketTypes.id }),
    );
    return { seed, relayId: row!.id };
  }
  const team = (eventId: number, ticketId: number, name: string, members: number) => {
    const body = orderBody(eventId, [{ ticketId, quantity: members }]);
    for (const a of body.attendees) a.team = name;
    return body;
  };

  it('records a relay team of 4, each member their own attendee, the team price shared to the paisa', async () => {
    const { seed, relayId } = await relay('team');
    const created = await create(team(seed.eventId, relayId, 'Marine Drive Gazelles', 4));
    expect(((await created.clone().json()) as CreateOrderResponse).orderAmount).toBe(2000);
    const members = await pay(created);
    expect(members.map((m) => [m.teamName, m.ticketName, m.amountPaise, m.position])).toEqual([
      ['Marine Drive Gazelles', 'Relay 4×5K', 50_000, 1],
      ['Marine Drive Gazelles', 'Relay 4×5K', 50_000, 2],
      ['Marine Drive Gazelles', 'Relay 4×5K', 50_000, 3],
      ['Marine Drive Gazelles', 'Relay 4×5K', 50_000, 4],
    ]);
    expect(new Set(members.map((m) => m.qrCode)).size).toBe(4);
    expect((await ticketRow(t, relayId)).sold).toBe(4);
    // The console lists one team's members, whatever the case it is typed in.
    const cookie = await staffCookie(t, 'support');
    const listed = await t.app.request(`/api/admin/registrations?team=${encodeURIComponent('marine drive GAZELLES')}`, {
      headers: { cookie },
    });
    const page = (await listed.json()) as { registrations: { registrationNumber: string }[]; total: number };
    expect(page.total).toBe(4);
    expect(page.registrations.map((r) => r.registrationNumber).sort()).toEqual(members.map((m) => m.registrationNumber).sort());
  });

  it('charges a member-priced team per member', async () => {
    const { seed, relayId } = await relay('member');
    const created = await create(team(seed.eventId, relayId, 'Gazelles', 4));
    expect(((await created.json()) as CreateOrderResponse).orderAmount).toBe(8000);
  });

  it('refuses a team under its size, and a member without a team, on the right attendee', async () => {
    const { seed, relayId } = await relay('team');
    const short = await create(team(seed.eventId, relayId, 'Gazelles', 3));
    expect(await fieldsOf(short)).toEqual({ 'attendees.0.team': 'A Relay 4×5K team needs 4 members (this one has 3)' });
    const unnamed = orderBody(seed.eventId, [{ ticketId: seed.general }, { ticketId: relayId, quantity: 4 }]);
    expect(await fieldsOf(await create(unnamed))).toMatchObject({ 'attendees.1.team': 'Team name is required' });
    expect((await ticketRow(t, relayId)).held).toBe(0);
  });
});

describe('bibs', () => {
  it('numbers attendees in order of payment, never two alike across 200 parallel buyers, and sells no more seats than bibs', async () => {
    const seed = await seedCheckoutEvent(t);
    const [row] = await t.db.query((db) =>
      db
        .insert(ticketTypes)
        .values({
          eventId: seed.eventId,
          organisationId: organisationOfEvent(seed.eventId),
          name: 'Half Marathon',
          pricePaise: 99_900,
          quantity: 250,
          category: 'General',
          bibFrom: 1001,
          bibTo: 1150,
        })
        .returning({ id: ticketTypes.id }),
    );
    await t.db.query((db) => db.update(events).set({ maxParticipants: 5000 }).where(eq(events.id, seed.eventId)));
    const halfId = row!.id;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        create(
          orderBody(seed.eventId, [{ ticketId: halfId }], {
            buyer: { email: `runner${i}@example.com` },
            participant: { email: `runner${i}@example.com` },
          }),
        ),
      ),
    );
    const created = answers.filter((r) => r.status === 201);
    // 150 bibs: 150 seats, whatever the quantity says; the rest are told it is sold out.
    expect(created).toHaveLength(150);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(Object.values(await fieldsOf(refused))[0]).toBe('"Half Marathon" is sold out');
    }
    await Promise.all(
      created.map(async (res) => {
        const order = (await res.json()) as CreateOrderResponse;
        await postJson(t, `/emulator/cashfree/pay/${order.payment_session_id}`, { outcome: 'success' });
      }),
    );
    const numbered = await t.db.query((db) =>
      db
        .select({ bib: registrations.bib, at: registrations.registrationDate, id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.ticketId, halfId), isNotNull(registrations.bib)))
        .orderBy(asc(registrations.bib)),
    );
    expect(numbered.map((r) => r.bib)).toEqual(Array.from({ length: 150 }, (_, i) => 1001 + i));
    // Each buyer's confirmation says their bib.
    const confirmations = await t.db.query((db) =>
      db
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'participant_confirmation'))
        .orderBy(asc(emailOutbox.id)),
    );
    const bibsMailed = confirmations.map((m) => Number(/· Bib (\d+)/.exec(m.text)?.[1])).filter((n) => n > 0);
    expect([...bibsMailed].sort((a, b) => a - b)).toEqual(numbered.map((r) => r.bib));
    // In order of payment: each payment's fulfilment numbers its attendees and queues their mail
    // under the ticket type's lock, so the confirmations, in the order they were queued, carry
    // rising bibs. (The rows' own ids are the holds' order: positions exist from create-order.)
    expect(bibsMailed).toEqual([...bibsMailed].sort((a, b) => a - b));
  });
});

describe('the event as a whole', () => {
  it("caps all its ticket types together at the event's max participants", async () => {
    const seed = await seedCheckoutEvent(t);
    await t.db.query((db) => db.update(events).set({ maxParticipants: 3 }).where(eq(events.id, seed.eventId)));
    await pay(await create(orderBody(seed.eventId, [{ ticketId: seed.general, quantity: 2 }])));
    const over = await create(
      orderBody(seed.eventId, [{ ticketId: seed.vip, quantity: 2 }], { buyer: { email: 'ravi@example.com' } }),
    );
    expect(over.status).toBe(409);
    expect(await fieldsOf(over)).toEqual({ eventId: 'This event has only 1 place left' });
    expect((await ticketRow(t, seed.vip)).held).toBe(0);
  });
});
