// Test wiring for checkout: the real app on a temp database, with the Cashfree client's and the
// emulator's fetch routed into the same app (no network port), plus a small event to sell.
import { and, desc, eq } from 'drizzle-orm';
import { createApp } from '../app';
import type { AttendeeDetailsInput, CreateOrderBody, CreateOrderResponse, VerifyPaymentResponse } from '../contract';
import { testOrganisationId } from './organisations';
import type { Db } from '../db/client';
import { emailOutbox, events, memberships, registrations, staffUsers, ticketTypes } from '../db/schema';
import { EMAIL_KINDS } from '../mail/outbox';
import { CHECKOUT_COOKIE } from '../services/hold-ownership';
import { SESSION_COOKIE, sessionKey, signSession } from '../http/auth';
import { resolveSessionSecret } from '../signing/session-secret';
import type { MailTransport } from '../mail/transport';
import { writeSettings } from '../services/settings';
import { createTestApp, type TestApp } from './test-app';
import type { FetchLike } from '../payments/provider';
import { organisationOfEvent } from '../db/tenancy';

export interface CheckoutTestApp extends TestApp {
  /** What the payment provider's client and the emulator call; replaceable per test. */
  routeFetch: FetchLike;
  setFetch(fetch: FetchLike | undefined): void;
}

export async function createCheckoutTestApp(
  options: {
    emulatorWebhooks?: boolean;
    transport?: MailTransport;
    vars?: Record<string, string>;
  } = {},
): Promise<CheckoutTestApp> {
  const t = await createTestApp({ EMULATOR_WEBHOOK_RETRY_MS: '20,40,80', TRUST_PROXY: 'true', ...options.vars });
  // The fixtures' events are dated 2030, beyond the default 90-day booking window; the window
  // itself is tested in routes/admin-settings.test.ts.
  await t.db.transaction((tx) => writeSettings(tx, { bookingWindowDays: 3650 }));
  let override: FetchLike | undefined;
  const routeFetch: FetchLike = async (input, init) => app.request(input, init);
  const fetch: FetchLike = (input, init) => (override ?? routeFetch)(input, init);
  const app = createApp({
    db: t.db,
    env: t.env,
    payments: { fetch, emulatorWebhooks: options.emulatorWebhooks },
    mail: { transport: options.transport },
  });
  return {
    ...t,
    app,
    routeFetch,
    setFetch: (f) => {
      override = f;
    },
  };
}

/** The buyer, asked once per order. */
export const BUYER = { fullName: 'Asha Devi Rao', email: 'asha@example.com', phone: '98765 43210' };

/** The first attendee: the buyer herself. */
export const PARTICIPANT: AttendeeDetailsInput = {
  fullName: 'Asha Devi Rao',
  email: 'asha@example.com',
  phone: '98765 43210',
  dateOfBirth: '1995-04-12',
  gender: 'female',
  emergencyContact: 'Ravi Rao',
  emergencyPhone: '9876500000',
  tshirtSize: 'L',
  bloodGroup: 'O+',
  medicalConditions: 'Asthma',
  experience: 'intermediate',
};

/** A child attendee's parent, consenting (decision 030). */
export const GUARDIAN = { name: 'Asha Devi Rao', relation: 'parent', phone: '98765 43210', consent: true } as const;

/** The family members a test's later attendees are, in turn. */
const FAMILY: AttendeeDetailsInput[] = [
  {
    fullName: 'Ravi Rao',
    phone: '+91 98765 00000',
    dateOfBirth: '1992-11-03',
    gender: 'male',
    emergencyContact: 'Asha Devi Rao',
    emergencyPhone: '98765 43210',
  },
  {
    fullName: 'Meera Rao',
    phone: '098765 43210',
    dateOfBirth: '2012-06-21',
    gender: 'female',
    emergencyContact: 'Asha Devi Rao',
    emergencyPhone: '98765 43210',
    tshirtSize: 'S',
  },
  {
    fullName: 'Kabir Rao',
    phone: '98765-43210',
    dateOfBirth: '2015-02-14',
    gender: 'male',
    emergencyContact: 'Asha Devi Rao',
    emergencyPhone: '98765 43210',
  },
];

/** Attendee n (0-based) of a test order: the buyer first, then her family, then numbered guests. */
export const testAttendee = (n: number): AttendeeDetailsInput =>
  n === 0 ? PARTICIPANT : (FAMILY[n - 1] ?? { ...FAMILY[0]!, fullName: `Guest ${n + 1} Rao` });

/**
 * create-order's body for ticket lines as a buyer picks them: the buyer once and one attendee per
 * ticket, the first being the buyer (with `participant` over her details; her e-mail is the buyer's
 * unless `participant` names another, so she gets no separate attendee ticket).
 */
export function orderBody(
  eventId: number,
  lines: { ticketId: number; quantity?: number }[],
  options: { buyer?: Partial<typeof BUYER>; participant?: Partial<AttendeeDetailsInput> } & Partial<
    Omit<CreateOrderBody, 'eventId' | 'buyer' | 'attendees'>
  > = {},
): CreateOrderBody {
  const { buyer, participant, ...rest } = options;
  const attendees: CreateOrderBody['attendees'] = [];
  for (const line of lines) {
    for (let i = 0; i < (line.quantity ?? 1); i++) {
      const n = attendees.length;
      attendees.push({
        ticketId: line.ticketId,
        participant:
          n === 0 ? { ...PARTICIPANT, ...(buyer?.email ? { email: buyer.email } : {}), ...participant } : testAttendee(n),
        // Meera and Kabir are children: their mother consents for them (decision 030).
        ...(n === 2 || n === 3 ? { guardian: GUARDIAN } : {}),
      });
    }
  }
  return {
    eventId,
    buyer: { ...BUYER, ...(participant?.email ? { email: participant.email } : {}), ...buyer },
    attendees,
    // The standard notice's first version, ticked (decision 030), with its organiser's first part (061).
    privacyNoticeVersion: 1,
    organiserNoticeVersion: 1,
    ...rest,
  };
}

/** An Active event with tickets of every kind the tests need; ids by name. */
export async function seedCheckoutEvent(
  t: TestApp,
  options: { vipQuantity?: number; title?: string; organisationId?: number } = {},
) {
  return t.db.transaction((tx) => seedCheckoutEventIn(tx, options));
}

async function seedCheckoutEventIn(tx: Db, options: { vipQuantity?: number; title?: string; organisationId?: number }) {
  // The test organisation's, unless another organiser's (decision 055: tax and data per organiser).
  const organisationId = options.organisationId ?? (await testOrganisationId(tx));
  const [event] = await tx
    .insert(events)
    .values({
      organisationId,
      title: options.title ?? 'Checkout Test Run',
      date: '2030-01-15',
      time: '06:30',
      venue: 'Marine Drive, Mumbai',
      location: 'Mumbai',
      category: 'Running',
      maxParticipants: 500,
      pricePaise: 49_900,
      status: 'Active',
      // A race: it asks blood group and medical conditions, and says why (decision 030).
      participantFields: { bloodGroup: 'optional', medicalConditions: 'optional' },
      healthReason: 'The race doctor needs them if you are hurt on the course.',
    })
    .returning();
  const [other] = await tx
    .insert(events)
    .values({
      organisationId,
      title: 'Another Event',
      date: '2030-02-01',
      time: '07:00',
      venue: 'Cubbon Park, Bangalore',
      location: 'Bangalore',
      category: 'Running',
      maxParticipants: 100,
      pricePaise: 0,
      status: 'Active',
    })
    .returning();
  const [upcoming] = await tx
    .insert(events)
    .values({
      organisationId,
      title: 'Not Yet Open',
      date: '2030-03-01',
      time: '07:00',
      venue: 'Salt Lake, Kolkata',
      location: 'Kolkata',
      category: 'Running',
      maxParticipants: 100,
      pricePaise: 0,
      status: 'Upcoming',
    })
    .returning();
  const [draft] = await tx
    .insert(events)
    .values({
      organisationId,
      title: 'Draft Event',
      date: '2030-03-01',
      time: '07:00',
      venue: 'Juhu, Mumbai',
      location: 'Mumbai',
      category: 'Running',
      maxParticipants: 100,
      pricePaise: 0,
      status: 'Draft',
    })
    .returning();
  const ticket = (
    eventId: number,
    name: string,
    pricePaise: number,
    quantity: number,
    status: 'Active' | 'Upcoming' = 'Active',
  ) =>
    tx
      .insert(ticketTypes)
      .values({ eventId, organisationId: organisationOfEvent(eventId), name, pricePaise, quantity, status, category: 'General' })
      .returning()
      .then(([row]) => row.id);
  return {
    eventId: event.id,
    otherEventId: other.id,
    upcomingEventId: upcoming.id,
    draftEventId: draft.id,
    vip: await ticket(event.id, 'VIP Pass', 150_000, options.vipQuantity ?? 5),
    general: await ticket(event.id, 'General', 49_950, 1000),
    free: await ticket(event.id, 'Community Pass', 0, 10),
    notOnSale: await ticket(event.id, 'Early Bird', 29_900, 100, 'Upcoming'),
    otherEvents: await ticket(other.id, 'Other Event Pass', 10_000, 100),
    upcomingTicket: await ticket(upcoming.id, 'Upcoming Pass', 10_000, 100),
    draftTicket: await ticket(draft.id, 'Draft Pass', 10_000, 100),
  };
}

export const ticketRow = async (t: TestApp, id: number) =>
  (await t.db.query((db) => db.select().from(ticketTypes).where(eq(ticketTypes.id, id))))[0]!;

/** A session cookie for the seeded staff member with that role. */
export async function staffCookie(t: TestApp, role: 'admin' | 'manager' | 'coordinator' | 'support'): Promise<string> {
  // The first with that role in the first organisation (the demo's), as the seed wrote them.
  const [user] = await t.db.query(async (db) =>
    db
      .select({ id: staffUsers.id, tokenVersion: staffUsers.tokenVersion })
      .from(staffUsers)
      .innerJoin(memberships, eq(memberships.staffUserId, staffUsers.id))
      .where(and(eq(memberships.role, role), eq(memberships.organisationId, await testOrganisationId(db))))
      .orderBy(staffUsers.id)
      .limit(1),
  );
  if (!user) throw new Error(`no seeded ${role}`);
  const token = await signSession(sessionKey(resolveSessionSecret(t.env)), user);
  return `${SESSION_COOKIE}=${token}`;
}

let buyerAddress = 0;
/** A distinct client address per call, as separate buyers have (create-order limits count per address). */
export const nextBuyerAddress = () => `10.${(buyerAddress >> 16) & 255}.${(buyerAddress >> 8) & 255}.${buyerAddress++ & 255}`;

export function postJson(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextBuyerAddress(), ...headers },
    body: JSON.stringify(body),
  });
}

/** A real purchase, as a buyer makes it: create-order, then the emulator's payment and webhook. Its first attendee. */
export async function buyTicket(
  t: CheckoutTestApp,
  order: { eventId: number; ticketId: number; quantity?: number; participant?: Partial<AttendeeDetailsInput> },
) {
  const created = (await (
    await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(order.eventId, [{ ticketId: order.ticketId, quantity: order.quantity ?? 1 }], { participant: order.participant }),
    )
  ).json()) as CreateOrderResponse;
  await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' });
  const [registration] = await t.db.query((db) =>
    db.select().from(registrations).where(eq(registrations.orderId, created.orderId)).orderBy(registrations.position),
  );
  return registration!;
}

/** The checkout cookie create-order set (decision 027), as a Cookie header's value; '' when it set none. */
export function holderCookie(res: Response): string {
  const set = res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? ''];
  const found = set.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${CHECKOUT_COOKIE}=`));
  return found ?? '';
}

/** The confirmation link's token e-mailed for a free order (decision 027), read from the outbox. */
export async function confirmationToken(t: TestApp, orderId: string): Promise<string> {
  const mails = await t.db.query((db) =>
    db.select().from(emailOutbox).where(eq(emailOutbox.kind, EMAIL_KINDS.emailConfirmation)),
  );
  const mail = mails.find((m) => m.text.includes(`confirm_order=${orderId}`));
  const token = mail?.text.match(/confirm_token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no confirmation e-mail for ${orderId}`);
  return token;
}

/** Follows a free order's confirmation link as its buyer does: the order counts from then on. */
export async function confirmFreeOrder(t: TestApp, orderId: string) {
  const res = await postJson(t, `/api/cashfree/confirm-email/${orderId}`, { token: await confirmationToken(t, orderId) });
  return {
    status: res.status,
    body: (await res.json()) as VerifyPaymentResponse & { error?: { code: string; message: string } },
  };
}

/**
 * Confirms a waiting-list entry's e-mail (issue 40) as its owner would: the link of the latest
 * waiting-list mail to `email`, read from the outbox, posted by the storefront's confirm page.
 */
export async function confirmWaitingListEmail(t: TestApp, email: string): Promise<Response> {
  const mails = await t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, EMAIL_KINDS.waitingListJoined), eq(emailOutbox.to, email.toLowerCase())))
      // The newest first, by id: PostgreSQL returns rows in no set order (an outbox row the worker
      // marked sent moves), so the last row read was not always the last mail sent.
      .orderBy(desc(emailOutbox.id)),
  );
  const link = mails
    .map((m) => /\/event\/(\d+)\/waiting-list\/confirm[^#\s"]*#([0-9]+\.[A-Za-z0-9_-]+)/.exec(m.text))
    .find(Boolean);
  if (!link) throw new Error(`No waiting-list confirmation link was mailed to ${email}`);
  return postJson(t, `/api/events/${link[1]}/waiting-list/confirm`, { token: link[2] });
}

/** A buyer's My bookings cookie ('tdk_buyer=…'), signed in through the mailed one-time link as a buyer would. */
export async function buyerSession(t: TestApp, email: string): Promise<string> {
  const asked = await postJson(t, '/api/bookings/link', { email });
  if (asked.status !== 202) throw new Error(`Asking for a sign-in link answered ${asked.status}`);
  const [mail] = await t.db.query((db) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'bookings_link')))
      .orderBy(desc(emailOutbox.id))
      .limit(1),
  );
  const token = /\/bookings\/open[^#\s"]*#([A-Za-z0-9_-]{43})/.exec(mail!.text)![1];
  const res = await postJson(t, '/api/bookings/session', { token });
  if (res.status !== 200) throw new Error(`Opening My bookings answered ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The day in India `offsetDays` from today, as events are dated. */
export const indiaDay = (offsetDays = 0) =>
  new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A race two days away whose entries get bibs, and one runner's paid entry in it, with their My bookings session. */
export async function raceEntry(t: CheckoutTestApp, title: string, email: string) {
  const ids = await seedCheckoutEvent(t, { title });
  await t.db.query(async (db) => {
    await db
      .update(events)
      .set({ date: indiaDay(2) })
      .where(eq(events.id, ids.eventId));
    await db.update(ticketTypes).set({ bibFrom: 1001, bibTo: 1999 }).where(eq(ticketTypes.id, ids.general));
  });
  const runner = await buyTicket(t, { eventId: ids.eventId, ticketId: ids.general, participant: { email } });
  const buyer = await buyerSession(t, email);
  return { ids, runner, buyer };
}
