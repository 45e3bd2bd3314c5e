// The audit log (DESIGN.md section 6): who did what to which record, when and from where. Every
// staff create, update and delete, every sign-in and every failed sign-in is recorded here.
import { and, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, events, orders, registrations, staffUsers, ticketTypes } from '../db/schema';
import type { AuditLogEntry, AuditQuery } from '../contract';
import { ownerOf, type OrganisationId, type OwnedKind } from '../db/tenancy';

export interface AuditEntryInput {
  /** The staff user acting; null for a failed sign-in or a system action. */
  actorUserId: number | null;
  /** The actor's e-mail, or the e-mail typed at a failed sign-in; 'system' when nobody. */
  actorEmail: string;
  /** A verb in the past tense, e.g. 'login', 'login_failed', 'create', 'update', 'delete'. */
  action: string;
  /** What was acted on, e.g. 'session', 'staff_user', 'event', 'ticket', 'registration', 'settings'. */
  entity: string;
  entityId?: string | number | null;
  /** Extra facts as JSON. Never a password, hash or token: such keys are dropped. */
  detail?: Record<string, unknown> | null;
  ip?: string | null;
  /** The organisation whose data it acted on (decision 051); null or left out for the platform's own. */
  organisationId?: number | null;
}

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * "What changed" for an audit entry: `{ field: { from, to } }` for each of `fields` whose value
 * differs between the two records (arrays and objects compared by value). Every audited update
 * builds its detail with this one function.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of fields) {
    if (!sameValue(before[field], after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/** Keys that name a credential (password, passwordHash, newPassword, token, secret...). */
const SECRET_KEY = /(password|passwd|secret|token|hash|cookie|authorization)$/i;

/** A copy without any key that could hold a credential, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!SECRET_KEY.test(key)) out[key] = redactSecrets(inner);
    }
    return out;
  }
  return value;
}

/** Writes one entry, with the handle of the change it records: it commits or rolls back with it. */
/** The owner of the record an entry names, for an entry written without its organisation (a buyer's, a job's). */
const OWNED_ENTITIES: Partial<Record<string, OwnedKind>> = {
  event: 'event',
  ticket: 'ticketType',
  registration: 'registration',
  order: 'order',
  invoice: 'invoice',
  promo_code: 'promoCode',
  group_discount: 'groupDiscount',
};

export async function recordAudit(tx: Db, entry: AuditEntryInput): Promise<void> {
  const kind = OWNED_ENTITIES[entry.entity];
  // An entry about an organisation's record is that organisation's (decision 051), whoever wrote it.
  const organisationId =
    entry.organisationId !== undefined && entry.organisationId !== null
      ? entry.organisationId
      : kind && entry.entityId !== undefined && entry.entityId !== null
        ? ((await ownerOf(tx, kind, entry.entityId)) ?? null)
        : (entry.organisationId ?? null);
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    detail: entry.detail ? (redactSecrets(entry.detail) as Record<string, unknown>) : null,
    ip: entry.ip ?? null,
    organisationId,
    createdAt: new Date().toISOString(),
  });
}

export const MAX_AUDIT_PAGE = 200;

/** India midnight of a day ('2026-11-24') as the UTC instant audit rows are stamped with. */
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Newest first; `before` is an entry id (the last id of the previous page). Narrowed by the acting
 * member, the kind of record, the action and India days (from and to both included). Each entry
 * names its actor and the record it acted on as they are now (services the console reads).
 */
export async function listAudit(
  db: Db,
  organisationId: OrganisationId,
  /** Platform staff also see the platform's own entries (sign-ins, settings): those of no organisation. */
  withPlatformEntries: boolean,
  options: { limit?: number; before?: number } & Partial<Pick<AuditQuery, 'actor' | 'entity' | 'action' | 'from' | 'to'>> = {},
): Promise<AuditLogEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), MAX_AUDIT_PAGE);
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        // The organisation's own entries (decision 051); the platform's are the platform staff's.
        withPlatformEntries
          ? or(eq(auditLog.organisationId, organisationId), isNull(auditLog.organisationId))
          : eq(auditLog.organisationId, organisationId),
        options.before === undefined ? undefined : lt(auditLog.id, options.before),
        options.actor === undefined ? undefined : eq(auditLog.actorUserId, options.actor),
        options.entity === undefined ? undefined : eq(auditLog.entity, options.entity),
        options.action ? eq(auditLog.action, options.action) : undefined,
        options.from ? gte(auditLog.createdAt, indiaMidnight(options.from)) : undefined,
        options.to ? lt(auditLog.createdAt, indiaMidnight(nextDay(options.to))) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
  const names = await namesOf(db, rows);
  return rows.map((row) => ({
    ...row,
    actorName: row.actorUserId === null ? null : (names.staff.get(row.actorUserId)?.fullName ?? null),
    subject: subjectOf(row, names),
  }));
}

type Names = Awaited<ReturnType<typeof namesOf>>;

/** The names of the records a page of entries points at, a query per kind of record. */
async function namesOf(db: Db, rows: { actorUserId: number | null; entity: string; entityId: string | null }[]) {
  const ids = (entity: string) =>
    [...new Set(rows.filter((r) => r.entity === entity && r.entityId !== null).map((r) => Number(r.entityId)))].filter(
      Number.isInteger,
    );
  const staffIds = [...new Set([...rows.flatMap((r) => (r.actorUserId === null ? [] : [r.actorUserId])), ...ids('staff_user')])];
  const orderIds = [...new Set(rows.filter((r) => r.entity === 'order' && r.entityId).map((r) => r.entityId!))];
  const [staff, eventRows, ticketRows, attendeeRows, orderRows] = await Promise.all([
    staffIds.length === 0
      ? []
      : db
          .select({ id: staffUsers.id, fullName: staffUsers.fullName, email: staffUsers.email })
          .from(staffUsers)
          .where(inArray(staffUsers.id, staffIds)),
    ids('event').length === 0
      ? []
      : db
          .select({ id: events.id, title: events.title })
          .from(events)
          .where(inArray(events.id, ids('event'))),
    ids('ticket').length === 0
      ? []
      : db
          .select({ id: ticketTypes.id, name: ticketTypes.name, event: events.title })
          .from(ticketTypes)
          .leftJoin(events, eq(events.id, ticketTypes.eventId))
          .where(inArray(ticketTypes.id, ids('ticket'))),
    ids('registration').length === 0
      ? []
      : db
          .select({
            id: registrations.id,
            number: registrations.registrationNumber,
            first: registrations.firstName,
            last: registrations.lastName,
          })
          .from(registrations)
          .where(inArray(registrations.id, ids('registration'))),
    orderIds.length === 0
      ? []
      : db
          .select({ id: orders.id, reference: orders.bookingReference, name: orders.customerName })
          .from(orders)
          .where(inArray(orders.id, orderIds)),
  ]);
  return {
    staff: new Map(staff.map((m) => [m.id, m])),
    events: new Map(eventRows.map((e) => [e.id, e.title])),
    tickets: new Map(ticketRows.map((t) => [t.id, t.event ? `${t.name} · ${t.event}` : t.name])),
    attendees: new Map(attendeeRows.map((a) => [a.id, `${a.number} · ${[a.first, a.last].filter(Boolean).join(' ')}`])),
    orders: new Map(orderRows.map((o) => [o.id, `${o.reference ?? o.id} · ${o.name}`])),
  };
}

/** The record an entry acted on, by name; a deleted one by the title its entry kept, if any. */
function subjectOf(
  row: { entity: string; entityId: string | null; detail: Record<string, unknown> | null },
  names: Names,
): string | null {
  const id = row.entityId === null ? NaN : Number(row.entityId);
  const found =
    row.entity === 'event'
      ? names.events.get(id)
      : row.entity === 'ticket'
        ? names.tickets.get(id)
        : row.entity === 'registration'
          ? names.attendees.get(id)
          : row.entity === 'order' && row.entityId
            ? names.orders.get(row.entityId)
            : row.entity === 'staff_user'
              ? (names.staff.get(id)?.fullName ?? undefined)
              : undefined;
  if (found) return found;
  // A deletion keeps the record it removed as `snapshot`.
  const removed = (row.detail?.snapshot ?? row.detail ?? {}) as Record<string, unknown>;
  // An event's deletion keeps the event with its tickets and registrations.
  const snapshot = (removed.event ?? removed) as Record<string, unknown>;
  const kept = snapshot.title ?? snapshot.registrationNumber ?? snapshot.name ?? snapshot.email;
  return typeof kept === 'string' ? kept : null;
}
