// The audit log (DESIGN.md section 6): who did what to which record, when and from where. Every
// staff create, update and delete, every sign-in and every failed sign-in is recorded here.
import { desc, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditLogEntry } from '../contract';

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
export async function recordAudit(tx: Db, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    detail: entry.detail ? (redactSecrets(entry.detail) as Record<string, unknown>) : null,
    ip: entry.ip ?? null,
    createdAt: new Date().toISOString(),
  });
}

export const MAX_AUDIT_PAGE = 200;

/** Newest first; `before` is an entry id (the last id of the previous page). */
export async function listAudit(db: Db, options: { limit?: number; before?: number } = {}): Promise<AuditLogEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), MAX_AUDIT_PAGE);
  return db
    .select()
    .from(auditLog)
    .where(options.before === undefined ? undefined : lt(auditLog.id, options.before))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
