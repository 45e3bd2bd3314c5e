// The e-mail outbox (DESIGN.md section 5): rows are queued in the same transaction as the
// registration, and a worker sends them with retries and backoff. A failed send is logged and
// retried; it never blocks or undoes a registration.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { EMAIL_PATTERN, parseLanguage } from '../contract';
import type { AppDb, Db } from '../db/client';
import { emailOutbox, orders, registrations, staffUsers } from '../db/schema';
import type { Env } from '../env';
import { toRupees } from '../services/money';
import { readSettings } from '../services/settings';
import { ticketLinkUrl } from '../services/ticket-links';
import { adminNotification, participantConfirmation, type RegistrationEmailPayload, type RenderedEmail } from './templates';
import { wakeOutbox } from './outbox-wake';
import type { MailTransport } from './transport';

export const EMAIL_KINDS = {
  participant: 'participant_confirmation',
  admin: 'admin_notification',
  newEvent: 'new_event_alert',
  login: 'login_notification',
  weeklyReport: 'weekly_report',
} as const;
export type EmailKind = (typeof EMAIL_KINDS)[keyof typeof EMAIL_KINDS];

export const MAX_EMAIL_ATTEMPTS = 5;
/** Delay after the n-th failed attempt: 30 s, 2 min, 8 min, 32 min. */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);
/** A claimed row is invisible to other workers for this long; a crashed worker's rows come back. */
const CLAIM_LEASE_MS = 5 * 60_000;

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;
type RegistrationRow = typeof registrations.$inferSelect;

/** Active admins and managers; the platform contact address when there are none. */
export function adminRecipients(db: Db): string[] {
  const staff = db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(inArray(staffUsers.role, ['admin', 'manager']), eq(staffUsers.disabled, false)))
    .orderBy(asc(staffUsers.id))
    .all()
    .map((r) => r.email);
  if (staff.length > 0) return staff;
  const contact = readSettings(db).contactEmail;
  return contact ? [contact] : [];
}

export function emailPayload(db: Db, env: MailEnv, row: RegistrationRow): RegistrationEmailPayload {
  return {
    registrationNumber: row.registrationNumber,
    eventName: row.eventName,
    eventDate: row.eventDate,
    eventTime: row.eventTime,
    eventVenue: row.eventVenue,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    customerEmail: row.email,
    customerPhone: row.phone,
    ticketName: row.ticketName,
    ticketPrice: toRupees(row.ticketPricePaise),
    quantity: row.quantity,
    amount: toRupees(row.amountPaise),
    transactionId: row.transactionId,
    paymentMethod: row.paymentMethod,
    ticketUrl: ticketLinkUrl(env, row.registrationNumber),
    platformName: readSettings(db).platformName,
    // The buyer's language, from their order (decision 019); a registration without one is English.
    language: parseLanguage(
      row.orderId
        ? db.select({ language: orders.language }).from(orders).where(eq(orders.id, row.orderId)).get()?.language
        : undefined,
    ),
  };
}

function insert(db: Db, kind: EmailKind, to: string, email: RenderedEmail, registrationId: number | null, now: Date) {
  return db
    .insert(emailOutbox)
    .values({ kind, to, ...email, registrationId, nextAttemptAt: now.toISOString(), createdAt: now.toISOString() })
    .returning({ id: emailOutbox.id })
    .get().id;
}

/** Queues one of the two e-mails of a registration; synchronous, so it joins the caller's transaction. */
export function enqueueRegistrationEmail(
  db: Db,
  env: MailEnv,
  row: RegistrationRow,
  kind: EmailKind,
  now = new Date(),
  payload = emailPayload(db, env, row),
): number | null {
  if (kind === EMAIL_KINDS.participant) {
    if (!row.email) return null;
    return insert(db, kind, row.email, participantConfirmation(payload), row.id, now);
  }
  const to = adminRecipients(db);
  if (to.length === 0) return null;
  return insert(db, kind, to.join(', '), adminNotification(payload), row.id, now);
}

/** Queues a notice to staff (no registration) and wakes the worker; null when there is nobody to tell. */
export function enqueueStaffEmail(
  db: AppDb,
  kind: EmailKind,
  to: string[],
  email: RenderedEmail,
  now = new Date(),
): number | null {
  if (to.length === 0) return null;
  const id = insert(db, kind, to.join(', '), email, null, now);
  wakeOutbox(db.$client);
  return id;
}

/** Queues one e-mail again (a staff resend) and wakes the worker. */
export function requeueRegistrationEmail(db: AppDb, env: MailEnv, row: RegistrationRow, kind: EmailKind): number | null {
  const id = enqueueRegistrationEmail(db, env, row, kind);
  if (id !== null) wakeOutbox(db.$client);
  return id;
}

/**
 * The e-mails of a new registration, as the Notifications settings allow: the participant's
 * confirmation (Email Notifications) and the administrators' notice (User Registration Alerts).
 * A staff resend (requeueRegistrationEmail) is an explicit action and ignores both.
 */
export function enqueueRegistrationEmails(db: AppDb, env: MailEnv, row: RegistrationRow, now = new Date()) {
  const settings = readSettings(db);
  if (!settings.emailNotifications && !settings.userRegistrationAlerts) return;
  const payload = emailPayload(db, env, row);
  if (settings.emailNotifications) enqueueRegistrationEmail(db, env, row, EMAIL_KINDS.participant, now, payload);
  if (settings.userRegistrationAlerts) enqueueRegistrationEmail(db, env, row, EMAIL_KINDS.admin, now, payload);
  wakeOutbox(db.$client);
}

export interface OutboxDeps {
  db: AppDb;
  env: MailEnv;
  transport: MailTransport;
}

export interface OutboxRun {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every due row once (up to `limit`); safe to run from several workers or instances. */
export async function processOutbox(deps: OutboxDeps, options: { now?: Date; limit?: number } = {}): Promise<OutboxRun> {
  const { db, env, transport } = deps;
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  // Replies reach the platform's contact address (Settings, General), whoever sends.
  const replyTo = readSettings(db).contactEmail || undefined;
  const due = db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, nowIso)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(options.limit ?? 25)
    .all();

  for (const row of due) {
    // Claim the row: only one worker wins the conditional update.
    const claimed = db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.nextAttemptAt, row.nextAttemptAt)))
      .run();
    if (claimed.changes !== 1) continue;

    const attempts = row.attempts + 1;
    // Addresses were checked on the way in; this is the last check before one becomes a header.
    const recipients = row.to.split(',').map((address) => address.trim());
    if (!recipients.every((address) => EMAIL_PATTERN.test(address))) {
      db.update(emailOutbox)
        .set({ attempts, status: 'failed', lastError: 'Refused: the recipient is not a plain e-mail address' })
        .where(eq(emailOutbox.id, row.id))
        .run();
      run.failed++;
      console.error(`[mail] ${row.kind} #${row.id} refused: recipient ${JSON.stringify(row.to)} is not a plain e-mail address`);
      continue;
    }
    try {
      await transport.send({
        from: env.mail.from,
        replyTo,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId: `<outbox-${row.id}-${Date.parse(row.createdAt) || 0}@tdk.local>`,
      });
      db.$client
        .transaction(() => {
          db.update(emailOutbox)
            .set({ status: 'sent', attempts, sentAt: new Date().toISOString(), lastError: null })
            .where(eq(emailOutbox.id, row.id))
            .run();
          if (row.kind === EMAIL_KINDS.participant && row.registrationId) {
            db.update(registrations)
              .set({ emailSent: true, updatedAt: new Date().toISOString() })
              .where(eq(registrations.id, row.registrationId))
              .run();
          }
        })
        .immediate();
      run.sent++;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      const givingUp = attempts >= MAX_EMAIL_ATTEMPTS;
      db.update(emailOutbox)
        .set({
          attempts,
          lastError: message.slice(0, 1000),
          status: givingUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where(eq(emailOutbox.id, row.id))
        .run();
      if (givingUp) {
        run.failed++;
        console.error(`[mail] ${row.kind} #${row.id} to ${row.to} failed for good after ${attempts} attempts: ${message}`);
      } else {
        run.retrying++;
        console.warn(
          `[mail] ${row.kind} #${row.id} to ${row.to} failed (attempt ${attempts}/${MAX_EMAIL_ATTEMPTS}), will retry: ${message}`,
        );
      }
    }
  }
  return run;
}

/** Pending rows, for health and tests. */
export const pendingEmailCount = (db: Db) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'))
    .get()!.n;
