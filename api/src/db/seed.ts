// Fills a fresh database with the demo data of seed-data.ts (outside production; production gets
// its settings only, issue 28). "Fresh" means the settings table is
// empty: seeding writes the settings in the same transaction, so a database is seeded exactly once
// and deleting every event later never brings the demo back.
import { notInArray, sql } from 'drizzle-orm';
import { EXPERIENCE_LEVELS, SHIRT_SIZES, BLOOD_GROUPS, type Role } from '../contract';
import { generatePassword, hashPassword } from '../services/passwords';
import { attendeeTicketNumber } from '../services/attendees';
import { generateRegistrationNumber, ticketCode } from '../services/registrations';
import { ensureDefaultSettings } from './settings';
import { insertStaffUsers, type NewStaffUser } from '../services/staff';
import { toPaise } from '../contract/money';
import { locationOfVenue } from '../services/events';
import { recountSeats } from '../services/inventory';
import type { Database, Db } from './client';
import { DATA_KEY_FINGERPRINT_SETTING } from './data-key-fingerprint';
import { DATA_UPGRADES_SETTING } from './model';
import { checkIns, events, registrations, settings, ticketTypes } from './schema';
import { SEED_EVENTS, SEED_PARTICIPANTS, SEED_REGISTRATIONS, SEED_STAFF } from './seed-data';

export interface StaffCredential {
  role: Role;
  email: string;
  password: string;
}

export interface SeedResult {
  seeded: boolean;
  /** Demo staff passwords in clear: they exist only in this value, to be shown once. */
  staffCredentials: StaffCredential[];
}

export interface SeedOptions {
  /** With 'production', only the settings: no demo data, no staff account (and so no default password). */
  nodeEnv: 'development' | 'production' | 'test';
  now?: Date;
}

const DAY_MS = 86_400_000;
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

export async function seedIfEmpty(database: Database, { nodeEnv, now = new Date() }: SeedOptions): Promise<SeedResult> {
  if (!(await database.query(isFreshDatabase))) {
    await database.transaction((tx) => ensureDefaultSettings(tx));
    return { seeded: false, staffCredentials: [] };
  }

  // Nothing but the database is awaited inside a transaction: hash first.
  const staffCredentials: StaffCredential[] =
    nodeEnv === 'production' ? [] : SEED_STAFF.map((s) => ({ role: s.role, email: s.email, password: generatePassword() }));
  const staff: NewStaffUser[] = await Promise.all(
    staffCredentials.map(async (cred, i) => ({
      email: cred.email,
      fullName: SEED_STAFF[i].fullName,
      role: cred.role,
      passwordHash: await hashPassword(cred.password),
    })),
  );

  const seeded = await database.transaction(async (tx) => {
    // Another instance may have seeded while we were hashing; on PostgreSQL, two starting at once
    // wait for each other here (the settings table's lock), and the second finds it seeded.
    if (database.engine === 'postgres') await tx.execute(sql`lock table ${settings} in exclusive mode`);
    if (!(await isFreshDatabase(tx))) return false;
    await ensureDefaultSettings(tx);
    // Production starts with its settings only: no demo event is ever on sale to real buyers.
    if (nodeEnv !== 'production') await insertDemoData(tx, now);
    await insertStaffUsers(tx, staff);
    return true;
  });
  return seeded ? { seeded: true, staffCredentials } : { seeded: false, staffCredentials: [] };
}

async function insertDemoData(db: Db, now: Date) {
  const eventIds = new Map<string, { id: number; date: string; time: string; venue: string; title: string }>();
  const ticketIds = new Map<string, { id: number; pricePaise: number; name: string; team: number }>();
  const createdAt = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * 60_000).toISOString();

  for (const [index, e] of SEED_EVENTS.entries()) {
    const date = istDate(now, e.inDays);
    // Spread creation times so "newest first" lists have a stable, meaningful order.
    const stamp = createdAt((SEED_EVENTS.length - index) * 90);
    const [{ id }] = await db
      .insert(events)
      .values({
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
        status: e.status,
        organizer: e.organizer,
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
    eventIds.set(e.key, { id, date, time: e.time, venue: e.venue, title: e.title });

    for (const [ticketIndex, t] of e.tickets.entries()) {
      const ticketStamp = createdAt((SEED_EVENTS.length - index) * 90 - ticketIndex - 1);
      const pricePaise = toPaise(t.price);
      const [row] = await db
        .insert(ticketTypes)
        .values({
          eventId: id,
          name: t.name,
          description: t.description,
          pricePaise,
          quantity: t.quantity,
          validFrom: t.validFrom === undefined ? null : istDate(now, t.validFrom),
          validUntil: t.validUntil === undefined ? null : istDate(now, t.validUntil),
          status: t.status,
          category: t.category,
          ...(t.team && { teamMin: t.team, teamMax: t.team, teamPricing: 'team' as const }),
          createdAt: ticketStamp,
          updatedAt: ticketStamp,
        })
        .returning({ id: ticketTypes.id });
      ticketIds.set(`${e.key}/${t.name}`, { id: row.id, pricePaise, name: t.name, team: t.team ?? 1 });
    }
  }

  const rows: (typeof registrations.$inferInsert)[] = [];
  // Each checked-in demo attendee's admission at the gate, by ticket number (decision 036: a row).
  const admitted = new Map<string, string>();
  for (const [index, r] of SEED_REGISTRATIONS.entries()) {
    const event = eventIds.get(r.event);
    const ticket = ticketIds.get(`${r.event}/${r.ticket}`);
    if (!event || !ticket) throw new Error(`Seed registration ${index} names an unknown event or ticket`);
    const person = SEED_PARTICIPANTS[index];
    const registeredAt = new Date(now.getTime() - r.daysAgo * DAY_MS - (index % 7) * 3_600_000 - 600_000);
    const registrationNumber = generateRegistrationNumber(registeredAt);
    // A team ticket seats its whole team: one attendee per member, the team's price shared among
    // them to the paisa (the first member takes the odd paise), as checkout shares it.
    const attendees = r.quantity * ticket.team;
    const share = Math.floor(ticket.pricePaise / ticket.team);
    const priceOf = (position: number) =>
      ticket.team === 1
        ? ticket.pricePaise
        : (position - 1) % ticket.team === 0
          ? ticket.pricePaise - share * (ticket.team - 1)
          : share;
    const teamName = r.teamName || (ticket.team > 1 ? `Team ${person.lastName}` : '');
    const hasTransaction = r.paymentMethod !== '' && r.paymentMethod !== 'Cash' && r.paymentStatus !== 'Pending';
    const checkInTime =
      r.status === 'Checked-In' ? new Date(Date.parse(istToUtcIso(event.date, event.time)) - 25 * 60_000).toISOString() : null;
    const stamp = registeredAt.toISOString();
    const email = `${person.firstName}.${person.lastName}@example.com`.toLowerCase();

    // One row per attendee (decision 021): the buyer first, then the people they booked for.
    for (let position = 1; position <= attendees; position++) {
      const attendee = position === 1 ? person : SEED_PARTICIPANTS[(index + position * 7) % SEED_PARTICIPANTS.length];
      const lastName = person.lastName;
      if (checkInTime) admitted.set(attendeeTicketNumber(registrationNumber, position), checkInTime);
      rows.push({
        registrationNumber: attendeeTicketNumber(registrationNumber, position),
        bookingReference: registrationNumber,
        position,
        orderId: null,
        eventId: event.id,
        ticketId: ticket.id,
        ticketName: ticket.name,
        ticketPricePaise: priceOf(position),
        quantity: 1,
        amountPaise: priceOf(position),
        // A refunded demo attendee had their price refunded (decision 022).
        refundedPaise: r.paymentStatus === 'Refunded' ? priceOf(position) : 0,
        registrationDate: stamp,
        status: r.status,
        paymentStatus: r.paymentStatus,
        paymentMethod: r.paymentMethod,
        transactionId: hasTransaction ? `cf_pay_${(7_310_000_000 + index * 104_729).toString()}` : '',
        qrCode: ticketCode(attendeeTicketNumber(registrationNumber, position), event.id),
        ticketDownloaded: r.ticketDownloaded ?? false,
        emailSent: r.emailSent ?? false,
        whatsappSent: r.whatsappSent ?? false,
        notes: position === 1 ? (r.notes ?? '') : '',
        firstName: attendee.firstName,
        lastName,
        email: position === 1 ? email : '',
        phone: `+91${attendee.phone.replace(/\D/g, '').slice(-10)}`,
        dateOfBirth: `${now.getUTCFullYear() - attendee.age}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
        gender: attendee.gender,
        emergencyContactName: `${SEED_PARTICIPANTS[(index + 5) % SEED_PARTICIPANTS.length].firstName} ${person.lastName}`,
        emergencyContactPhone: `+91${SEED_PARTICIPANTS[(index + 5) % SEED_PARTICIPANTS.length].phone.replace(/\D/g, '').slice(-10)}`,
        medicalConditions: position === 1 ? (r.medicalConditions ?? '') : '',
        dietaryRestrictions: position === 1 ? (r.dietaryRestrictions ?? '') : '',
        previousExperience: EXPERIENCE_LEVELS[(index + position) % EXPERIENCE_LEVELS.length],
        teamName,
        shirtSize: SHIRT_SIZES[(index * 5 + 2 + position) % SHIRT_SIZES.length],
        bloodGroup: BLOOD_GROUPS[(index * 3 + position) % BLOOD_GROUPS.length],
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
  }
  const written = await db
    .insert(registrations)
    .values(rows)
    .returning({ id: registrations.id, number: registrations.registrationNumber });
  const admissions = written.flatMap(({ id, number }) => {
    const at = admitted.get(number);
    return at
      ? [
          {
            registrationId: id,
            gate: 'Main Gate',
            staffEmail: 'coordinator@tdksports.in',
            via: 'online' as const,
            checkedInAt: at,
          },
        ]
      : [];
  });
  if (admissions.length > 0) await db.insert(checkIns).values(admissions);

  // Seats are counted from the attendees, as for every sale (decision 036): never set by hand.
  await recountSeats(db);
}

/** The one-time notice of the demo staff passwords, framed so it stands out in a busy log. */
export function formatCredentialsNotice(credentials: StaffCredential[]): string {
  const rows = credentials.map((c) => `  ${c.role.padEnd(12)}${c.email.padEnd(30)}${c.password}`);
  const width = Math.max(72, ...rows.map((r) => r.length + 2));
  const rule = '='.repeat(width);
  return [
    rule,
    '  Demo staff accounts (shown only this once; sign in at /login)',
    '',
    `  ${'ROLE'.padEnd(12)}${'E-MAIL'.padEnd(30)}PASSWORD`,
    ...rows,
    '',
    '  Save them now: only their hashes are stored.',
    rule,
  ].join('\n');
}
