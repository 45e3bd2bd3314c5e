// The e-mail outbox (DESIGN.md section 5): rows are queued in the same transaction as the
// registration, and a worker sends them with retries and backoff. A failed send is logged and
// retried; it never blocks or undoes a registration. What an order's e-mails say is composed in
// order-templates.ts; this module only queues them, sends them and retries them.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { EMAIL_PATTERN } from '../contract';
import type { Database, Db } from '../db/client';
import { forUpdateSkipLocked } from '../db/functions';
import type { AttendeeRow as RegistrationRow } from '../db/attendee-rows';
import { announceOutbox } from '../db/notify';
import { emailOutbox, type orders, organisations, registrations } from '../db/schema';
import { readSettings } from '../db/settings';
import type { Env } from '../env';
import { EMAIL_KINDS, type EmailKind } from './kinds';
import {
  orderLetters,
  postponedLetter,
  refundLetter,
  registrationLetter,
  type Buyer,
  type Letter,
  type RegistrationEmailPlan,
} from './order-templates';
import type { OrderDocument, RegistrationEmailPayload, RenderedEmail } from './templates';
import type { MailTransport } from './transport';

export { EMAIL_KINDS, type EmailKind } from './kinds';

export const MAX_EMAIL_ATTEMPTS = 5;
/** Delay after the n-th failed attempt: 30 s, 2 min, 8 min, 32 min. */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);
/** A claimed row is invisible to other workers for this long; a crashed worker's rows come back. */
const CLAIM_LEASE_MS = 5 * 60_000;

type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/** Queues composed e-mails in one statement, in the caller's transaction; the ids in their order. */
async function insert(tx: Db, letters: Letter[], now: Date): Promise<number[]> {
  if (letters.length === 0) return [];
  const at = now.toISOString();
  const rows = await tx
    .insert(emailOutbox)
    .values(letters.map((letter) => ({ ...letter, nextAttemptAt: at, createdAt: at })))
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}

/** Queues one e-mail and wakes the workers; null when it was composed for nobody. */
async function queueAndAnnounce(tx: Db, letter: Letter | null, now: Date): Promise<number | null> {
  if (!letter) return null;
  const [id] = await insert(tx, [letter], now);
  await announceOutbox(tx);
  return id!;
}

/** Queues one of the two e-mails of a registration, in the caller's transaction. */
export async function enqueueRegistrationEmail(
  tx: Db,
  env: MailEnv,
  row: RegistrationRow,
  kind: EmailKind,
  now = new Date(),
  payload?: RegistrationEmailPayload,
): Promise<number | null> {
  const letter = await registrationLetter(tx, env, row, kind, payload);
  if (!letter) return null;
  const [id] = await insert(tx, [letter], now);
  return id!;
}

/** Queues a notice to staff (no registration) and wakes the workers; null when there is nobody to tell. */
export async function enqueueStaffEmail(
  tx: Db,
  kind: EmailKind,
  to: string[],
  email: RenderedEmail,
  now = new Date(),
): Promise<number | null> {
  if (to.length === 0) return null;
  return queueAndAnnounce(tx, { kind, to: to.join(', '), ...email, registrationId: null }, now);
}

/** Queues one e-mail again (a staff resend) and wakes the workers. */
export async function requeueRegistrationEmail(
  tx: Db,
  env: MailEnv,
  row: RegistrationRow,
  kind: EmailKind,
): Promise<number | null> {
  const id = await enqueueRegistrationEmail(tx, env, row, kind);
  if (id !== null) await announceOutbox(tx);
  return id;
}

/**
 * Queues the e-mails of a paid order (order-templates.ts' orderLetters: as the Notifications settings
 * allow). A staff resend (requeueRegistrationEmail) is an explicit action and ignores the settings.
 */
export async function enqueueOrderEmails(
  tx: Db,
  env: MailEnv,
  buyer: Buyer,
  paid: { attendees: RegistrationRow[] },
  now = new Date(),
  plan?: RegistrationEmailPlan,
  document?: OrderDocument,
  feeDocument?: RegistrationEmailPayload['feeDocument'],
) {
  const letters = await orderLetters(tx, env, buyer, paid, plan, document, feeDocument);
  if (letters.length === 0) return;
  // One statement for them all: this often runs while the transaction holds a sold-out-prone row.
  await insert(tx, letters, now);
  await announceOutbox(tx);
}

/**
 * Queues the buyer's refund notice (order-templates.ts' refundLetter) in the refund's transaction
 * (decision 022). Always sent: it is about the buyer's money, not a notification staff may turn off.
 */
export async function enqueueRefundEmail(
  tx: Db,
  env: MailEnv,
  order: Parameters<typeof refundLetter>[2],
  attendees: Parameters<typeof refundLetter>[3],
  amountPaise: number,
  now = new Date(),
  cancellation?: { feePaise: number; reason: string },
  selfCancelled?: { feePaise: number },
  creditNote?: { id: number; number: string } | null,
): Promise<number | null> {
  const letter = await refundLetter(tx, env, order, attendees, amountPaise, cancellation, selfCancelled, creditNote);
  return queueAndAnnounce(tx, letter, now);
}

export interface OutboxDeps {
  db: Database;
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
  // Claimed in one statement: the due rows are locked, skipping any another worker (or instance)
  // is claiming at this moment, and leased for CLAIM_LEASE_MS; a crashed worker's rows come back.
  const due = await db.query((q) =>
    q
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(
        inArray(
          emailOutbox.id,
          forUpdateSkipLocked(
            q
              .select({ id: emailOutbox.id })
              .from(emailOutbox)
              .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, nowIso)))
              .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
              .limit(options.limit ?? 25),
          ),
        ),
      )
      .returning(),
  );
  due.sort((a, b) => a.id - b.id);
  if (due.length === 0) return run;
  // The platform's own e-mails reply to its contact address (Settings, General); an organisation's
  // carry its sender name and reply-to (decision 056), from the platform's address.
  const replyTo = (await db.query(readSettings)).contactEmail || undefined;
  const senders = await db.query((q) =>
    sendersOf(
      q,
      due.map((row) => row.organisationId),
    ),
  );

  for (const row of due) {
    const attempts = row.attempts + 1;
    // Addresses were checked on the way in; this is the last check before one becomes a header.
    const recipients = row.to.split(',').map((address) => address.trim());
    if (!recipients.every((address) => EMAIL_PATTERN.test(address))) {
      await db.query((q) =>
        q
          .update(emailOutbox)
          .set({ attempts, status: 'failed', lastError: 'Refused: the recipient is not a plain e-mail address' })
          .where(eq(emailOutbox.id, row.id)),
      );
      run.failed++;
      console.error(`[mail] ${row.kind} #${row.id} refused: recipient ${JSON.stringify(row.to)} is not a plain e-mail address`);
      continue;
    }
    try {
      const sender = row.organisationId === null ? undefined : senders.get(row.organisationId);
      await transport.send({
        from: sender ? { name: sender.name, address: mailAddressOf(env.mail.from) } : env.mail.from,
        replyTo: sender ? sender.replyTo : replyTo,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId: `<outbox-${row.id}-${Date.parse(row.createdAt) || 0}@tdk.local>`,
      });
      await db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({ status: 'sent', attempts, sentAt: new Date().toISOString(), lastError: null })
          .where(eq(emailOutbox.id, row.id));
        if (row.kind === EMAIL_KINDS.participant && row.registrationId) {
          // A flag the worker sets, not an edit: updated_at (the version an open edit form holds,
          // services/stale-edit.ts) stays, so staff editing meanwhile are not told someone saved.
          await tx.update(registrations).set({ emailSent: true }).where(eq(registrations.id, row.registrationId));
        }
      });
      run.sent++;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      const givingUp = attempts >= MAX_EMAIL_ATTEMPTS;
      await db.query((q) =>
        q
          .update(emailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            status: givingUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          })
          .where(eq(emailOutbox.id, row.id)),
      );
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

/** The address of MAIL_FROM ('TDK Sports <no-reply@tdksports.in>' or a bare address). */
export const mailAddressOf = (from: string) => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/**
 * The organisations' senders (decision 056): the From display name (its sender name, or its display
 * name) and Reply-To (its reply-to, or its contact e-mail).
 */
async function sendersOf(db: Db, ids: (number | null)[]): Promise<Map<number, { name: string; replyTo: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: organisations.id,
      displayName: organisations.displayName,
      contactEmail: organisations.contactEmail,
      emailSenderName: organisations.emailSenderName,
      emailReplyTo: organisations.emailReplyTo,
    })
    .from(organisations)
    .where(inArray(organisations.id, wanted));
  return new Map(
    rows.map((r) => [r.id, { name: r.emailSenderName || r.displayName, replyTo: r.emailReplyTo || r.contactEmail }]),
  );
}

/** Pending rows, for health and tests. */
export const pendingEmailCount = async (db: Db) => db.$count(emailOutbox, eq(emailOutbox.status, 'pending'));

/** Queues the buyer's notice that the event has a new date (decision 025) and wakes the workers. */
export async function enqueuePostponedEmail(
  tx: Db,
  env: MailEnv,
  order: Pick<typeof orders.$inferSelect, 'id' | 'bookingReference' | 'customerName' | 'customerEmail' | 'language'>,
  notice: { eventName: string; previousDate: string; date: string; time: string; refundUntil: string; reason: string },
  platformName: string,
  organisationId: number | null,
  now = new Date(),
): Promise<number | null> {
  return queueAndAnnounce(tx, postponedLetter(env, order, notice, platformName, organisationId), now);
}
