// Messages to an event's registrants (issue 44, decision 072). Staff compose a message; its audience
// (the event's attendees, filtered) is resolved into recipient rows in the composing transaction,
// in batches, and audited there. A worker (jobs/scheduler.ts, under the `event-messages` lease)
// hands due messages' recipients to the e-mail outbox in batches: each recipient is marked queued in
// the transaction that queues its e-mail, so a send interrupted by a restart resumes where it stopped
// and nobody is sent the message twice. Recipients who opted out of the organisation's
// announcements are skipped and marked so.
//
// Scoped by the data layer (decisions 051/059): every read names the acting organisation as well as
// the event (ownRegistrations for attendees, the message's own organisation_id), so another
// organisation's event or message is not found, whatever the route.
import { and, asc, count, desc, eq, exists, inArray, lte, notExists, sql } from 'drizzle-orm';
import {
  MAX_MESSAGE_RECIPIENTS,
  MESSAGE_MESSAGES,
  SEND_AT_GRACE_MS,
  type CreateMessage,
  type CreateMessageResponse,
  type EmailDeliveryState,
  type EventMessageDetail,
  type EventMessageSummary,
  type MessageBodies,
  type MessageRecipientView,
  type WhatsappDeliveryState,
} from '../contract/messages';
import { LANGUAGES, type Language } from '../contract/language';
import type { Database, Db } from '../db/client';
import { forUpdateSkipLocked } from '../db/functions';
import { isAttendee } from '../db/attendee-rows';
import { ENTRY_LIST } from '../db/model';
import { announceOutbox } from '../db/notify';
import {
  announcementOptOuts,
  checkIns,
  emailOutbox,
  eventMessageRecipients,
  eventMessages,
  events,
  orders,
  registrations,
} from '../db/schema';
import { readSettings } from '../db/settings';
import { ownRegistrations, type OrganisationId } from '../db/tenancy';
import type { Env } from '../env';
import { EMAIL_KINDS } from '../mail/kinds';
import { announcementEmail } from '../mail/announcement-templates';
import type { KeyEnv } from '../signing/purpose-keys';
import { readUnsubscribeToken } from '../signing/unsubscribe-links';
import { recordAudit, type AuditEntryInput } from './audit';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** Recipient rows inserted per statement when composing (8 values each: well under both engines' limits). */
export const RECIPIENT_INSERT_BATCH = 1000;
/** Recipients handed to the outbox per transaction by the worker. */
export const HAND_OVER_BATCH = 500;
/** Who a message goes to when its audience names no status: attendees who hold a place. */
const DEFAULT_STATUSES = ['Confirmed', 'Checked-In'] as const;

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

/** A message refused as composed: the field it is about and why (the route answers 400). */
export class MessageRefused extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'MessageRefused';
  }
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Composes a message to the event's attendees: its recipients resolved now, in batches, in this
 * transaction, and the composing audited. Undefined when the event is not the organisation's.
 */
export async function composeMessage(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  input: CreateMessage,
  actor: Actor,
  now = new Date(),
): Promise<CreateMessageResponse | undefined> {
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)));
  if (!event) return undefined;

  const sendAt = input.sendAt ? new Date(input.sendAt) : now;
  if (sendAt.getTime() < now.getTime() - SEND_AT_GRACE_MS) throw new MessageRefused(MESSAGE_MESSAGES.sendAtPast, 'sendAt');
  const audience = input.audience ?? {};
  const statuses = audience.statuses && audience.statuses.length > 0 ? audience.statuses : [...DEFAULT_STATUSES];
  const attendees = await tx
    .select({
      id: registrations.id,
      email: registrations.email,
      phone: registrations.phone,
      buyerEmail: orders.customerEmail,
      buyerPhone: orders.customerPhone,
      language: orders.language,
    })
    .from(registrations)
    .leftJoin(orders, eq(orders.id, registrations.orderId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        ownRegistrations(organisationId),
        isAttendee,
        sql`${registrations.erasedAt} is null`,
        inArray(registrations.status, statuses),
        audience.ticketIds && audience.ticketIds.length > 0 ? inArray(registrations.ticketId, audience.ticketIds) : undefined,
        audience.checkedIn === true
          ? exists(admittedQuery(tx))
          : audience.checkedIn === false
            ? notExists(admittedQuery(tx))
            : undefined,
        audience.languages && audience.languages.length > 0 ? inArray(orders.language, audience.languages) : undefined,
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(MAX_MESSAGE_RECIPIENTS + 1);
  if (attendees.length === 0) throw new MessageRefused(MESSAGE_MESSAGES.emptyAudience, 'audience');
  if (attendees.length > MAX_MESSAGE_RECIPIENTS) throw new MessageRefused(MESSAGE_MESSAGES.tooManyRecipients, 'audience');

  const [message] = await tx
    .insert(eventMessages)
    .values({
      eventId,
      organisationId,
      subject: input.subject,
      bodies: pickBodies(input.body),
      channels: input.channels,
      audience,
      sendAt: sendAt.toISOString(),
      state: 'queued',
      recipientCount: attendees.length,
      createdByUserId: actor.actorUserId,
      createdByEmail: actor.actorEmail,
      createdAt: now.toISOString(),
    })
    .returning({ id: eventMessages.id });
  const messageId = message!.id;

  // One e-mail per address: an attendee whose address another attendee of the message already has
  // (a parent who registered three children under one address) is marked a duplicate.
  const seen = new Set<string>();
  const byEmail = input.channels.includes('email');
  const at = now.toISOString();
  const rows = attendees.map((a) => {
    const email = normaliseEmail(a.email || a.buyerEmail || '');
    let emailState: EmailDeliveryState = 'pending';
    if (!byEmail) emailState = 'not_requested';
    else if (!email) emailState = 'no_address';
    else if (seen.has(email)) emailState = 'duplicate';
    seen.add(email);
    return {
      messageId,
      registrationId: a.id,
      email,
      phone: (a.phone || a.buyerPhone || '').trim(),
      language: a.language && isLanguage(a.language) ? a.language : 'en',
      emailState,
      whatsappState: 'not_requested' satisfies WhatsappDeliveryState,
      updatedAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += RECIPIENT_INSERT_BATCH) {
    await tx.insert(eventMessageRecipients).values(rows.slice(i, i + RECIPIENT_INSERT_BATCH));
  }
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'create',
    entity: 'event_message',
    entityId: messageId,
    detail: { eventId, subject: input.subject, channels: input.channels, recipients: rows.length, sendAt: sendAt.toISOString() },
  });
  return { id: messageId, recipients: rows.length };
}

/** The entry-list admissions of the attendee in the outer query (for "not checked in"). */
const admittedQuery = (tx: Db) =>
  tx
    .select({ one: sql`1` })
    .from(checkIns)
    .where(and(eq(checkIns.registrationId, registrations.id), eq(checkIns.list, ENTRY_LIST)));

const pickBodies = (body: CreateMessage['body']): MessageBodies => ({
  en: body.en,
  ...(body.hi ? { hi: body.hi } : {}),
  ...(body.mr ? { mr: body.mr } : {}),
});

const summaryOf = (row: typeof eventMessages.$inferSelect): EventMessageSummary => ({
  id: row.id,
  subject: row.subject,
  body: row.bodies,
  channels: row.channels,
  audience: row.audience,
  sendAt: row.sendAt,
  state: row.state as EventMessageSummary['state'],
  recipientCount: row.recipientCount,
  createdBy: row.createdByEmail,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/** The event's messages, newest first (the organisation's only). */
export async function listMessages(tx: Db, organisationId: OrganisationId, eventId: number): Promise<EventMessageSummary[]> {
  const rows = await tx
    .select()
    .from(eventMessages)
    .where(and(eq(eventMessages.eventId, eventId), eq(eventMessages.organisationId, organisationId)))
    .orderBy(desc(eventMessages.id))
    .limit(100);
  return rows.map(summaryOf);
}

/** Recipients a message's page lists; the counts by state cover them all. */
export const RECIPIENTS_SHOWN = 1000;

/** A message with its recipients' delivery states; undefined when it is not this event's and organisation's. */
export async function messageDetail(
  tx: Db,
  organisationId: OrganisationId,
  eventId: number,
  messageId: number,
): Promise<(EventMessageDetail & { counts: Partial<Record<EmailDeliveryState, number>> }) | undefined> {
  const [message] = await tx
    .select()
    .from(eventMessages)
    .where(
      and(eq(eventMessages.id, messageId), eq(eventMessages.eventId, eventId), eq(eventMessages.organisationId, organisationId)),
    );
  if (!message) return undefined;
  const rows = await tx
    .select({
      id: eventMessageRecipients.id,
      registrationId: eventMessageRecipients.registrationId,
      ticketNumber: registrations.registrationNumber,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: eventMessageRecipients.email,
      phone: eventMessageRecipients.phone,
      language: eventMessageRecipients.language,
      emailState: eventMessageRecipients.emailState,
      outboxStatus: emailOutbox.status,
      outboxSentAt: emailOutbox.sentAt,
      outboxError: emailOutbox.lastError,
      whatsappState: eventMessageRecipients.whatsappState,
      error: eventMessageRecipients.error,
    })
    .from(eventMessageRecipients)
    .innerJoin(registrations, eq(registrations.id, eventMessageRecipients.registrationId))
    .leftJoin(emailOutbox, eq(emailOutbox.id, eventMessageRecipients.emailOutboxId))
    .where(eq(eventMessageRecipients.messageId, messageId))
    .orderBy(asc(eventMessageRecipients.id))
    .limit(RECIPIENTS_SHOWN);
  const recipients: MessageRecipientView[] = rows.map((r) => {
    const state = deliveryState(r.emailState, r.outboxStatus);
    return {
      id: r.id,
      registrationId: r.registrationId,
      ticketNumber: r.ticketNumber,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      phone: r.phone,
      language: isLanguage(r.language) ? r.language : 'en',
      emailState: state,
      emailSentAt: state === 'sent' ? r.outboxSentAt : null,
      whatsappState: r.whatsappState as WhatsappDeliveryState,
      error: r.error ?? (state === 'failed' ? r.outboxError : null),
    };
  });
  // Counts over every recipient (the list above stops at RECIPIENTS_SHOWN).
  const grouped = await tx
    .select({ emailState: eventMessageRecipients.emailState, outboxStatus: emailOutbox.status, n: count() })
    .from(eventMessageRecipients)
    .leftJoin(emailOutbox, eq(emailOutbox.id, eventMessageRecipients.emailOutboxId))
    .where(eq(eventMessageRecipients.messageId, messageId))
    .groupBy(eventMessageRecipients.emailState, emailOutbox.status);
  const counts: Partial<Record<EmailDeliveryState, number>> = {};
  for (const g of grouped) {
    const state = deliveryState(g.emailState, g.outboxStatus);
    counts[state] = (counts[state] ?? 0) + Number(g.n);
  }
  return { message: summaryOf(message), recipients, counts };
}

/** A queued recipient's state is its e-mail's: sent or failed once the outbox says so. */
function deliveryState(state: string, outboxStatus: string | null): EmailDeliveryState {
  if (state === 'queued' && (outboxStatus === 'sent' || outboxStatus === 'failed')) return outboxStatus;
  return state as EmailDeliveryState;
}

/** Records the opt-out (kept; a second click changes nothing). False when the token is not ours. */
export async function unsubscribe(tx: Db, env: KeyEnv, token: string, now = new Date()): Promise<boolean> {
  const target = readUnsubscribeToken(env, token);
  if (!target) return false;
  await tx
    .insert(announcementOptOuts)
    .values({ organisationId: target.organisationId, email: target.email, createdAt: now.toISOString() })
    .onConflictDoNothing();
  return true;
}

// The worker.

type MessageEnv = KeyEnv & Pick<Env, 'publicUrl' | 'port'>;

/**
 * Hands up to `limit` of the message's pending recipients to the outbox in this transaction: each is
 * claimed (pending → queued, or → unsubscribed) by a conditional update, so two workers never queue
 * one twice. Returns how many were handled.
 */
export async function handOverBatch(tx: Db, env: MessageEnv, messageId: number, limit = HAND_OVER_BATCH, now = new Date()) {
  const [message] = await tx
    .select({
      id: eventMessages.id,
      subject: eventMessages.subject,
      bodies: eventMessages.bodies,
      organisationId: eventMessages.organisationId,
      eventTitle: events.title,
    })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .where(eq(eventMessages.id, messageId));
  if (!message) return 0;
  const at = now.toISOString();
  // The batch's rows, locked (PostgreSQL skips rows another worker holds), then claimed by a
  // conditional update: a row another worker claimed meanwhile is not claimed twice.
  const batch = await forUpdateSkipLocked(
    tx
      .select({ id: eventMessageRecipients.id })
      .from(eventMessageRecipients)
      .where(and(eq(eventMessageRecipients.messageId, messageId), eq(eventMessageRecipients.emailState, 'pending')))
      .orderBy(asc(eventMessageRecipients.id))
      .limit(limit),
  );
  if (batch.length === 0) return 0;
  const claimed = await tx
    .update(eventMessageRecipients)
    .set({ emailState: 'queued', updatedAt: at })
    .where(
      and(
        inArray(
          eventMessageRecipients.id,
          batch.map((r) => r.id),
        ),
        eq(eventMessageRecipients.emailState, 'pending'),
      ),
    )
    .returning({
      id: eventMessageRecipients.id,
      registrationId: eventMessageRecipients.registrationId,
      email: eventMessageRecipients.email,
      language: eventMessageRecipients.language,
    });
  if (claimed.length === 0) return 0;
  claimed.sort((a, b) => a.id - b.id);
  const optedOut = new Set(
    (
      await tx
        .select({ email: announcementOptOuts.email })
        .from(announcementOptOuts)
        .where(
          and(
            eq(announcementOptOuts.organisationId, message.organisationId),
            inArray(announcementOptOuts.email, [...new Set(claimed.map((r) => r.email))]),
          ),
        )
    ).map((r) => r.email),
  );
  const skipped = claimed.filter((r) => optedOut.has(r.email));
  if (skipped.length > 0) {
    await tx
      .update(eventMessageRecipients)
      .set({ emailState: 'unsubscribed', updatedAt: at })
      .where(
        inArray(
          eventMessageRecipients.id,
          skipped.map((r) => r.id),
        ),
      );
  }
  const sending = claimed.filter((r) => !optedOut.has(r.email));
  if (sending.length > 0) {
    const platformName = (await readSettings(tx)).platformName;
    const outboxIds = await tx
      .insert(emailOutbox)
      .values(
        sending.map((r) => ({
          kind: EMAIL_KINDS.announcement,
          to: r.email,
          ...announcementEmail(env, message, message.eventTitle, platformName, r),
          registrationId: r.registrationId,
          organisationId: message.organisationId,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: at,
          createdAt: at,
        })),
      )
      .returning({ id: emailOutbox.id });
    // Inserted in order: the i-th outbox row is the i-th recipient's.
    const ids = outboxIds.map((r) => r.id).sort((a, b) => a - b);
    for (let i = 0; i < sending.length; i++) {
      await tx
        .update(eventMessageRecipients)
        .set({ emailOutboxId: ids[i]! })
        .where(eq(eventMessageRecipients.id, sending[i]!.id));
    }
    await announceOutbox(tx);
  }
  return claimed.length;
}

/** Messages due now (queued or left sending by an interrupted run), oldest first. */
async function dueMessages(db: Db, now: Date) {
  return db
    .select({ id: eventMessages.id })
    .from(eventMessages)
    .where(and(inArray(eventMessages.state, ['queued', 'sending']), lte(eventMessages.sendAt, now.toISOString())))
    .orderBy(asc(eventMessages.sendAt), asc(eventMessages.id))
    .limit(20);
}

/**
 * One turn of the messages worker: every due message's pending recipients handed to the outbox in
 * batches (a transaction each), then the message marked sent. Safe to stop at any point: the next
 * turn continues from the recipients still pending. Returns how many recipients it handled.
 */
export async function sendDueMessages(
  deps: { db: Database; env: MessageEnv },
  options: { now?: Date; batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? HAND_OVER_BATCH;
  let handled = 0;
  let batches = 0;
  for (const { id } of await deps.db.query((db) => dueMessages(db, now))) {
    await deps.db.query((db) =>
      db
        .update(eventMessages)
        .set({ state: 'sending' })
        .where(and(eq(eventMessages.id, id), eq(eventMessages.state, 'queued'))),
    );
    for (;;) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) return handled;
      const n = await deps.db.transaction((tx) => handOverBatch(tx, deps.env, id, batch, now));
      batches++;
      handled += n;
      if (n < batch) break;
    }
    await deps.db.query((db) =>
      db
        .update(eventMessages)
        .set({ state: 'sent', sentAt: now.toISOString() })
        .where(
          and(
            eq(eventMessages.id, id),
            eq(eventMessages.state, 'sending'),
            notExists(
              db
                .select({ one: sql`1` })
                .from(eventMessageRecipients)
                .where(and(eq(eventMessageRecipients.messageId, id), eq(eventMessageRecipients.emailState, 'pending'))),
            ),
          ),
        ),
    );
  }
  return handled;
}
