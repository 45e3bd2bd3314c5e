// Fills a fresh database with the demo data of seed-data.ts (outside production; production gets
// its settings only, issue 28). "Fresh" means the settings table is empty: the settings, the demo
// events and ticket types and the staff accounts are written in one transaction, so a database is
// seeded exactly once and deleting every event later never brings the demo back.
//
// The demo's bookings are then made as a buyer and a manager make them (issue 39, decision 042):
// checkout holds each order (createCheckoutOrder), the payment is fulfilled as the provider's webhook
// and verify fulfil it (fulfilOrder), a free order is confirmed by the link its buyer was e-mailed,
// a failed payment fails its order, refunds go through the refund service and a demo provider that
// pays them back at once, check-ins through the gate's service and staff edits through the console's.
// So every paid demo attendee has an order, a payment row, an invoice or receipt, and (refunded) a
// refund row, and development runs the production path. Each is dated when the demo says it happened.
import { eq, lte, notInArray, sql } from 'drizzle-orm';
import {
  BLOOD_GROUPS,
  createOrderBodySchema,
  EXPERIENCE_LEVELS,
  MAX_TICKETS_PER_LINE,
  SHIRT_SIZES,
  updateRegistrationSchema,
  type CreateOrderBody,
  type Role,
} from '../contract';
import { toPaise } from '../contract/money';
import type { Env } from '../env';
import { generatePassword, hashPassword } from '../services/passwords';
import { insertStaffUsers, type NewStaffUser } from '../services/staff';
import { locationOfVenue } from '../services/events';
import { recountSeats } from '../services/inventory';
import { createCheckoutOrder, type CheckoutDeps } from '../services/checkout';
import { confirmFreeRegistration, handlePaymentWebhook, RECONCILE_LOOKBACK_MS } from '../services/payment-events';
import { fulfilOrder } from '../services/fulfilment';
import { refundOrder, sendRefund } from '../services/refunds';
import { checkIn } from '../services/check-in';
import { getRegistrationRow, setRegistrationFlags, updateRegistration } from '../services/registrations';
import { signedTicketCode } from '../services/ticket-codes';
import { ensureDefaultSettings, readSettings } from './settings';
import type { Database, Db } from './client';
import { DATA_KEY_FINGERPRINT_SETTING } from './data-key-fingerprint';
import { DATA_UPGRADES_SETTING } from './model';
import { emailOutbox, events, memberships, organisations, registrations, settings, staffUsers, ticketTypes } from './schema';
import {
  SEED_EVENTS,
  SEED_ORGANISATIONS,
  SEED_PARTICIPANTS,
  SEED_REGISTRATIONS,
  SEED_STAFF,
  type SeedRegistration,
} from './seed-data';
import { ownerOf } from './tenancy';
import { organisationOfEvent } from './tenancy';

export interface StaffCredential {
  role: Role;
  email: string;
  password: string;
  /** The organisation's display name (decision 051). */
  organisation?: string;
}

export interface SeedResult {
  seeded: boolean;
  /** Demo staff passwords in clear: they exist only in this value, to be shown once. */
  staffCredentials: StaffCredential[];
}

export interface SeedOptions {
  /** With 'production', only the settings: no demo data, no staff account (and so no default password). */
  nodeEnv: 'development' | 'production' | 'test';
  /** What the services the demo's bookings go through need: ticket links, the data key, checkout's limits. */
  env: Env;
  now?: Date;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const IST_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** Today in Asia/Kolkata moved by some days, as YYYY-MM-DD. */
function istDate(now: Date, offsetDays: number): string {
  const today = IST_DATE.format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

const istToUtcIso = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

export async function isFreshDatabase(db: Db): Promise<boolean> {
  // The data key's fingerprint (decision 037) and the first upgrades of the data (decision 036) are
  // written at the first start, before the seed: bookkeeping, not settings.
  const [row] = await db
    .select({ key: settings.key })
    .from(settings)
    .where(notInArray(settings.key, [DATA_KEY_FINGERPRINT_SETTING, DATA_UPGRADES_SETTING]))
    .limit(1);
  return row === undefined;
}

export async function seedIfEmpty(database: Database, { nodeEnv, env, now = new Date() }: SeedOptions): Promise<SeedResult> {
  if (!(await database.query(isFreshDatabase))) {
    await database.transaction((tx) => ensureDefaultSettings(tx));
    return { seeded: false, staffCredentials: [] };
  }

  // Nothing but the database is awaited inside a transaction: hash first.
  const staffCredentials: StaffCredential[] =
    nodeEnv === 'production'
      ? []
      : SEED_STAFF.map((s) => ({
          role: s.role,
          email: s.email,
          password: generatePassword(),
          organisation: `${SEED_ORGANISATIONS.find((o) => o.key === s.organisation)!.displayName}${s.platformRole ? ` (${s.platformRole.replace('_', ' ')})` : ''}`,
        }));
  const staff: (Omit<NewStaffUser, 'organisationId'> & { organisation: string })[] = await Promise.all(
    staffCredentials.map(async (cred, i) => ({
      email: cred.email,
      fullName: SEED_STAFF[i].fullName,
      role: cred.role,
      organisation: SEED_STAFF[i].organisation,
      platformRole: SEED_STAFF[i].platformRole ?? null,
      passwordHash: await hashPassword(cred.password),
    })),
  );

  const catalogue = await database.transaction(async (tx) => {
    // Another instance may have seeded while we were hashing; on PostgreSQL, two starting at once
    // wait for each other here (the settings table's lock), and the second finds it seeded.
    if (database.engine === 'postgres') await tx.execute(sql`lock table ${settings} in exclusive mode`);
    if (!(await isFreshDatabase(tx))) return undefined;
    await ensureDefaultSettings(tx);
    // Production starts with its settings only: no organisation, no demo event is ever on sale to
    // real buyers (the first admin creates the first organisation: services/staff.ts upsertAdmin).
    if (nodeEnv === 'production') return null;
    const organisationIds = await insertDemoOrganisations(tx);
    await insertStaffUsers(
      tx,
      staff.map(({ organisation, ...s }) => ({ ...s, organisationId: organisationIds.get(organisation)! })),
    );
    return insertDemoCatalogue(tx, now, organisationIds);
  });
  if (catalogue === undefined) return { seeded: false, staffCredentials: [] };
  // Only the instance that wrote the catalogue sells its demo bookings, after the commit: the
  // services open their own transactions, as they do for a request.
  if (catalogue) await sellDemoBookings(database, env, now, catalogue);
  return { seeded: true, staffCredentials };
}

interface DemoEvent {
  id: number;
  date: string;
  time: string;
  /** The status the demo shows; the event is on sale (Active) until its bookings are made. */
  status: (typeof events.$inferSelect)['status'];
}
interface DemoTicket {
  id: number;
  eventId: number;
  team: number;
  validFrom: string | null;
  validUntil: string | null;
}
interface DemoCatalogue {
  events: Map<string, DemoEvent>;
  tickets: Map<string, DemoTicket>;
}

/** The demo's organisations (decision 051), by their SEED_ORGANISATIONS key. */
async function insertDemoOrganisations(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { key, events: _events, ...o } of SEED_ORGANISATIONS) {
    const [{ id }] = await db.insert(organisations).values(o).returning({ id: organisations.id });
    ids.set(key, id);
  }
  return ids;
}

/** The organisation that runs a demo event: the one that names it, else the first. */
const organiserOf = (eventKey: string, ids: Map<string, number>) =>
  ids.get((SEED_ORGANISATIONS.find((o) => o.events.includes(eventKey)) ?? SEED_ORGANISATIONS[0]!).key)!;

/** The demo's events and ticket types; an event the demo has bookings of stays on sale until they are made. */
async function insertDemoCatalogue(db: Db, now: Date, organisationIds: Map<string, number>): Promise<DemoCatalogue> {
  const catalogue: DemoCatalogue = { events: new Map(), tickets: new Map() };
  const createdAt = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * 60_000).toISOString();
  const booked = new Set(SEED_REGISTRATIONS.map((r) => r.event));

  for (const [index, e] of SEED_EVENTS.entries()) {
    const date = istDate(now, e.inDays);
    // Spread creation times so "newest first" lists have a stable, meaningful order.
    const stamp = createdAt((SEED_EVENTS.length - index) * 90);
    const [{ id }] = await db
      .insert(events)
      .values({
        organisationId: organiserOf(e.key, organisationIds),
        title: e.title,
        description: e.description,
        date,
        time: e.time,
        venue: e.venue,
        location: locationOfVenue(e.venue),
        category: e.category,
        maxParticipants: e.maxParticipants,
        pricePaise: toPaise(e.price),
        imageUrl: null,
        status: booked.has(e.key) ? 'Active' : e.status,
        contactEmail: e.contactEmail,
        contactPhone: e.contactPhone,
        highlights: e.highlights,
        rules: e.rules,
        regulations: e.regulations,
        ...(e.selfService ? { selfService: e.selfService } : {}),
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning({ id: events.id });
    catalogue.events.set(e.key, { id, date, time: e.time, status: e.status });

    for (const [ticketIndex, t] of e.tickets.entries()) {
      const ticketStamp = createdAt((SEED_EVENTS.length - index) * 90 - ticketIndex - 1);
      const validFrom = t.validFrom === undefined ? null : istDate(now, t.validFrom);
      const validUntil = t.validUntil === undefined ? null : istDate(now, t.validUntil);
      const [row] = await db
        .insert(ticketTypes)
        .values({
          eventId: id,
          organisationId: organisationOfEvent(id),
          name: t.name,
          description: t.description,
          pricePaise: toPaise(t.price),
          quantity: t.quantity,
          validFrom,
          validUntil,
          status: t.status,
          category: t.category,
          // A team's members are seats of its ticket: its organiser lets one order take a whole squad.
          ...(t.team && {
            teamMin: t.team,
            teamMax: t.team,
            teamPricing: 'team' as const,
            maxPerOrder: Math.max(MAX_TICKETS_PER_LINE, t.team),
          }),
          ...(t.race && {
            distanceMetres: t.race.distanceMetres,
            bibFrom: t.race.bibFrom,
            bibTo: t.race.bibTo,
            cutOffTenths: t.race.cutOffMinutes * 600,
          }),
          createdAt: ticketStamp,
          updatedAt: ticketStamp,
        })
        .returning({ id: ticketTypes.id });
      catalogue.tickets.set(`${e.key}/${t.name}`, { id: row.id, eventId: id, team: t.team ?? 1, validFrom, validUntil });
    }
  }
  return catalogue;
}

/** The demo's payment provider: it opens orders and pays refunds back at once, and is never called by a browser. */
function demoProvider(): CheckoutDeps['provider'] & { charged: Map<string, number> } {
  const charged = new Map<string, number>();
  const refund = (orderId: string, refundId: string) => ({
    refundId,
    orderId,
    status: 'succeeded' as const,
    reference: `demo_${refundId}`,
    description: 'Refunded to the original payment method',
  });
  return {
    charged,
    browser: {
      config: { provider: 'cashfree', mode: 'sandbox', sdkUrl: '', emulated: true },
      origins: { script: [], connect: [], frame: [], form: [] },
    },
    async createOrder(order) {
      charged.set(order.orderId, order.amountPaise);
      return { sessionId: `demo_session_${order.orderId}` };
    },
    async getOrder() {
      return { status: 'open', payments: [] };
    },
    async createRefund(orderId, { refundId }) {
      return refund(orderId, refundId);
    },
    async getRefund(orderId, refundId) {
      return refund(orderId, refundId);
    },
    verifyWebhook: () => false,
    readWebhook: () => ({ ok: false, problem: 'The demo provider sends no webhooks' }),
  };
}

/** When a demo booking was made: its days ago, spread over the day, inside its ticket's sale window. */
function saleTime(now: Date, index: number, r: SeedRegistration, ticket: DemoTicket, event: DemoEvent): Date {
  let at = now.getTime() - r.daysAgo * DAY_MS - (index % 7) * 3_600_000 - 10 * MINUTE_MS;
  // The window's days are India's: a booking is moved into them when the hour of the start pushes it out.
  if (ticket.validFrom) at = Math.max(at, Date.parse(istToUtcIso(ticket.validFrom, '09:00')));
  if (ticket.validUntil) at = Math.min(at, Date.parse(istToUtcIso(ticket.validUntil, '18:00')));
  // An order never paid was abandoned over a day ago: reconciliation (which asks the provider about
  // unsettled orders of the last day) leaves it alone, as the demo provider is not the app's.
  if (r.paymentStatus === 'Pending')
    at = Math.min(at, now.getTime() - RECONCILE_LOOKBACK_MS - (index % 7) * 3_600_000 - 60 * MINUTE_MS);
  return new Date(Math.min(at, Date.parse(istToUtcIso(event.date, '00:05')) - MINUTE_MS));
}

/** The link a free order's buyer was e-mailed carries its token; the demo buyer follows it. */
async function confirmationToken(database: Database, orderId: string): Promise<string> {
  const mails = await database.query((db) =>
    db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.kind, 'registration_email_confirmation')),
  );
  for (const { text } of mails) {
    const match = new RegExp(`confirm_order=${orderId}&confirm_token=([A-Za-z0-9_-]{43})`).exec(text);
    if (match) return match[1]!;
  }
  throw new Error(`Seed: no confirmation e-mail for the free order ${orderId}`);
}

/** The demo's bookings, each through the services a buyer, the payment provider and staff go through. */
async function sellDemoBookings(database: Database, env: Env, now: Date, catalogue: DemoCatalogue) {
  const provider = demoProvider();
  const deps: CheckoutDeps = { db: database, env, provider };
  const { privacyNoticeVersion } = await database.query(readSettings);
  const staff = await database.query((db) =>
    db
      .select({ id: staffUsers.id, email: staffUsers.email, role: memberships.role })
      .from(staffUsers)
      .innerJoin(memberships, eq(memberships.staffUserId, staffUsers.id))
      .orderBy(staffUsers.id),
  );
  const manager = staff.find((s) => s.role === 'manager') ?? staff[0];
  const coordinator = staff.find((s) => s.role === 'coordinator') ?? manager;
  if (!manager || !coordinator) throw new Error('Seed: the demo bookings need the demo staff');

  const bookings = SEED_REGISTRATIONS.map((r, index) => {
    const event = catalogue.events.get(r.event);
    const ticket = catalogue.tickets.get(`${r.event}/${r.ticket}`);
    if (!event || !ticket) throw new Error(`Seed registration ${index} names an unknown event or ticket`);
    return { r, index, event, ticket, at: saleTime(now, index, r, ticket, event) };
  });
  // In the order they were made, as the console numbers and lists them.
  bookings.sort((a, b) => a.at.getTime() - b.at.getTime());

  for (const { r, index, event, ticket, at } of bookings) {
    const orderId = await placeOrder(deps, index, r, event, ticket, privacyNoticeVersion, at);
    if (r.paymentStatus === 'Pending' || r.paymentStatus === 'Failed') {
      // Never paid (its hold lapses), or the bank declined the payment.
      if (r.paymentStatus === 'Failed') await handlePaymentWebhook(deps, { kind: 'payment_failed', orderId });
      continue;
    }
    const paidAt = new Date(at.getTime() + 2 * MINUTE_MS);
    const amountPaise = provider.charged.get(orderId);
    if (amountPaise === undefined) {
      await confirmFreeRegistration(deps, orderId, await confirmationToken(database, orderId), paidAt);
    } else {
      const outcome = await database.transaction((tx) =>
        fulfilOrder(
          tx,
          env,
          orderId,
          {
            providerPaymentId: `cf_pay_${(7_310_000_000 + index * 104_729).toString()}`,
            paymentMethod: r.paymentMethod,
            amountPaise,
          },
          paidAt,
        ),
      );
      if (outcome.kind !== 'paid') throw new Error(`Seed: order ${orderId} was not fulfilled (${outcome.kind})`);
    }
    const attendeeIds = (
      await database.query((db) =>
        db
          .select({ id: registrations.id })
          .from(registrations)
          .where(eq(registrations.orderId, orderId))
          .orderBy(registrations.position),
      )
    ).map((a) => a.id);

    if (r.paymentStatus === 'Refunded') {
      // A manager refunds the whole order from its view (POST /api/admin/orders/:orderId/refunds).
      const refundAt = new Date(Math.min(paidAt.getTime() + 2 * DAY_MS, now.getTime() - MINUTE_MS));
      const { refund } = await database.transaction((tx) =>
        refundOrder(
          tx,
          env,
          {
            orderId,
            attendeeIds: 'all',
            reason: r.notes || 'Cancelled at the participant’s request',
            actor: { kind: 'staff', userId: manager.id, email: manager.email },
          },
          refundAt,
        ),
      );
      await sendRefund({ db: database, provider }, refund.id, refundAt);
    }
    if (r.status === 'Checked-In') {
      // Admitted at the gate, scanned 25 minutes before the start.
      const admittedAt = new Date(Date.parse(istToUtcIso(event.date, event.time)) - 25 * MINUTE_MS);
      for (const id of attendeeIds) {
        const row = await database.query((db) => getRegistrationRow(db, id));
        const code = signedTicketCode(env, row!.registrationNumber, event.id);
        const judgement = await database.transaction(async (tx) =>
          checkIn(
            tx,
            env,
            (await ownerOf(tx, 'event', event.id))!,
            { code, gate: 'Main Gate', eventId: event.id, entry: 'scan' },
            coordinator.email,
            admittedAt,
          ),
        );
        if (judgement.kind !== 'admit') throw new Error(`Seed: attendee ${id} was not admitted (${judgement.kind})`);
      }
    }
    const staffStatus = r.status === 'No-Show' ? r.status : undefined;
    if (staffStatus || r.dietaryRestrictions || (r.notes && r.paymentStatus !== 'Refunded')) {
      // Staff mark a no-show the day after the event, and note a diet, in the attendee's form.
      const editAt = new Date(Math.min(Date.parse(istToUtcIso(event.date, '23:00')) + DAY_MS, now.getTime() - MINUTE_MS));
      await staffEdit(
        database,
        attendeeIds[0]!,
        { staffStatus, dietaryRestrictions: r.dietaryRestrictions, notes: r.notes },
        editAt,
      );
    }
    const flags = {
      ...(r.emailSent && { emailSent: true as const }),
      ...(r.ticketDownloaded && { ticketDownloaded: true as const }),
      ...(r.whatsappSent && { whatsappSent: true as const }),
    };
    if (Object.keys(flags).length > 0) {
      await database.transaction((tx) => setRegistrationFlags(tx, attendeeIds[0]!, flags, paidAt));
    }
  }

  await database.transaction(async (tx) => {
    // The demo's e-mails (confirmations, links, refund notices) are not sent: its buyers are made up.
    await tx.delete(emailOutbox).where(lte(emailOutbox.createdAt, now.toISOString()));
    // The events the demo shows as Upcoming or Completed were on sale while they were booked.
    for (const e of catalogue.events.values()) {
      if (e.status !== 'Active') await tx.update(events).set({ status: e.status }).where(eq(events.id, e.id));
    }
    // Seats are counted from the attendees, as for every sale (decision 036): never set by hand.
    await recountSeats(tx);
  });
}

/** One demo order, held by checkout as the storefront's create-order makes it; its id. */
async function placeOrder(
  deps: CheckoutDeps,
  index: number,
  r: SeedRegistration,
  event: DemoEvent,
  ticket: DemoTicket,
  privacyNoticeVersion: number,
  at: Date,
): Promise<string> {
  const person = SEED_PARTICIPANTS[index];
  const email = `${person.firstName}.${person.lastName}@example.com`.toLowerCase();
  const contact = SEED_PARTICIPANTS[(index + 5) % SEED_PARTICIPANTS.length];
  const year = at.getUTCFullYear();
  const dateOfBirth = (age: number) =>
    `${year - age}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`;
  const teamName = r.teamName || (ticket.team > 1 ? `Team ${person.lastName}` : '');
  // A team ticket seats its whole team (one attendee per member); the buyer first, then the people they booked for.
  const attendees = Array.from({ length: r.quantity * ticket.team }, (_, i) => {
    const position = i + 1;
    const attendee = position === 1 ? person : SEED_PARTICIPANTS[(index + position * 7) % SEED_PARTICIPANTS.length];
    const unit = Math.floor(i / ticket.team);
    const team = teamName && unit > 0 && ticket.team > 1 ? `${teamName} ${unit + 1}` : teamName;
    return {
      ticketId: ticket.id,
      ...(team && { team }),
      participant: {
        fullName: `${attendee.firstName} ${person.lastName}`,
        ...(position === 1 && { email }),
        phone: attendee.phone,
        dateOfBirth: dateOfBirth(attendee.age),
        gender: attendee.gender,
        emergencyContact: `${contact.firstName} ${person.lastName}`,
        emergencyPhone: contact.phone,
        tshirtSize: SHIRT_SIZES[(index * 5 + 2 + position) % SHIRT_SIZES.length],
        bloodGroup: BLOOD_GROUPS[(index * 3 + position) % BLOOD_GROUPS.length],
        medicalConditions: position === 1 ? (r.medicalConditions ?? '') : '',
        experience: EXPERIENCE_LEVELS[(index + position) % EXPERIENCE_LEVELS.length],
      },
      // A child on the event day comes with a parent's consent (decision 030); ignored for an adult.
      guardian: {
        name: `${contact.firstName} ${person.lastName}`,
        relation: 'parent' as const,
        phone: contact.phone,
        consent: true as const,
      },
    };
  });
  const body: CreateOrderBody = {
    eventId: event.id,
    buyer: { fullName: `${person.firstName} ${person.lastName}`, email, phone: person.phone },
    privacyNoticeVersion,
    // The organiser's part of the notice version (decision 061): a new organisation's first.
    organiserNoticeVersion: 1,
    attendees,
  };
  const created = await createCheckoutOrder(deps, createOrderBodySchema.parse(body), undefined, at, {
    // Each demo buyer from an address of their own (RFC 5737's documentation range).
    address: `203.0.113.${index + 1}`,
    holderHash: null,
  });
  return created.orderId;
}

/** A staff member's save of an attendee's form (PUT /api/admin/registrations/:id), changing what is given. */
async function staffEdit(
  database: Database,
  id: number,
  change: { staffStatus?: 'No-Show'; dietaryRestrictions?: string; notes?: string },
  at: Date,
) {
  await database.transaction(async (tx) => {
    const row = await getRegistrationRow(tx, id);
    if (!row) throw new Error(`Seed: no attendee ${id}`);
    const form = updateRegistrationSchema.parse({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      gender: row.gender,
      shirtSize: row.shirtSize,
      emergencyContactName: row.emergencyContactName,
      emergencyContactPhone: row.emergencyContactPhone,
      medicalConditions: row.medicalConditions,
      dietaryRestrictions: change.dietaryRestrictions ?? row.dietaryRestrictions,
      previousExperience: row.previousExperience,
      teamName: row.teamName,
      status: change.staffStatus ?? row.status,
      notes: change.notes ?? row.notes,
      updatedAt: row.updatedAt,
    });
    await updateRegistration(tx, id, form, at);
  });
}

/** The one-time notice of the demo staff passwords, framed so it stands out in a busy log. */
export function formatCredentialsNotice(credentials: StaffCredential[]): string {
  const rows = credentials.map(
    (c) => `  ${c.role.padEnd(12)}${c.email.padEnd(32)}${c.password.padEnd(24)}${c.organisation ?? ''}`,
  );
  const width = Math.max(72, ...rows.map((r) => r.length + 2));
  const rule = '='.repeat(width);
  return [
    rule,
    '  Demo staff accounts (shown only this once; sign in at /login)',
    '',
    `  ${'ROLE'.padEnd(12)}${'E-MAIL'.padEnd(32)}${'PASSWORD'.padEnd(24)}ORGANISATION`,
    ...rows,
    '',
    '  Save them now: only their hashes are stored.',
    rule,
  ].join('\n');
}
