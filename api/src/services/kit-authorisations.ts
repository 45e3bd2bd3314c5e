// Kit collection by someone else (issue 43, decision 069). A participant names who will collect
// their kit in My bookings; the authorisation is a row, and its QR value is its id signed under its
// own purpose key (TDK-KIT-{id}-{signature}), so a code the platform did not issue never hands out a
// kit and nothing about the attendee is readable from it. It is single-use: the kit desk's admission
// through it marks it used in the admission's transaction, and a newer one withdraws the older.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  kitAuthorisationShape,
  KIT_AUTHORISATION_PREFIX,
  parseLanguage,
  type KitAuthorisationView,
} from '../contract';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { emailOutbox, events, kitAuthorisations, orders, registrations } from '../db/schema';
import { announceOutbox } from '../db/notify';
import { readSettings } from '../db/settings';
import type { Env } from '../env';
import { serverFormats } from '../i18n/messages';
import { EMAIL_KINDS } from '../mail/kinds';
import { kitCollectedEmail } from '../mail/results-templates';
import { selfBaseUrl } from '../urls';
import { indiaWallClock } from './india-time';
import { purposeKey, type KeyEnv } from '../signing/purpose-keys';

const SIGNATURE_LENGTH = 10;
const signatureOf = (env: KeyEnv, unsigned: string) =>
  createHmac('sha256', purposeKey(env, 'tdk:kit-authorisation:v1'))
    .update(unsigned)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

/** The QR value of authorisation `id`. */
export function signedKitCode(env: KeyEnv, id: number): string {
  const unsigned = `${KIT_AUTHORISATION_PREFIX}-${id}`;
  return `${unsigned}-${signatureOf(env, unsigned)}`;
}

/**
 * What a scanned code is: not a kit authorisation at all (undefined), one the platform signed (its
 * id), or a forgery (a prefix with a wrong or missing signature).
 */
export function parseKitCode(env: KeyEnv, code: string): { id: number } | 'forged' | undefined {
  const shape = kitAuthorisationShape(code);
  if (!shape) return undefined;
  if ('malformed' in shape) return 'forged';
  const expected = Buffer.from(signatureOf(env, shape.unsigned));
  const given = Buffer.from(shape.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { id: shape.id } : 'forged';
}

export type KitAuthorisationRow = typeof kitAuthorisations.$inferSelect;

/** The authorisation `id`, locked: the admission that may follow marks it used. */
export async function lockedKitAuthorisation(tx: Db, id: number): Promise<KitAuthorisationRow | undefined> {
  const [row] = await forUpdate(tx.select().from(kitAuthorisations).where(eq(kitAuthorisations.id, id)));
  return row;
}

/**
 * Issues an authorisation for attendee `registrationId` (already judged and locked by the caller):
 * the attendee's live one, if any, is withdrawn in the same transaction.
 */
export async function issueKitAuthorisation(
  tx: Db,
  registrationId: number,
  collectorName: string,
  now: Date,
): Promise<KitAuthorisationRow> {
  const at = now.toISOString();
  await withdrawLiveAuthorisation(tx, registrationId, now);
  const [row] = await tx.insert(kitAuthorisations).values({ registrationId, collectorName, createdAt: at }).returning();
  return row!;
}

/** Withdraws the attendee's live authorisation; whether there was one. */
export async function withdrawLiveAuthorisation(tx: Db, registrationId: number, now: Date): Promise<boolean> {
  const withdrawn = await tx
    .update(kitAuthorisations)
    .set({ revokedAt: now.toISOString() })
    .where(
      and(
        eq(kitAuthorisations.registrationId, registrationId),
        isNull(kitAuthorisations.revokedAt),
        isNull(kitAuthorisations.usedAt),
      ),
    )
    .returning({ id: kitAuthorisations.id });
  return withdrawn.length > 0;
}

/** Marks authorisation `id` used by the kit check-in `checkInId`. */
export async function markKitAuthorisationUsed(tx: Db, id: number, checkInId: number, at: Date): Promise<void> {
  await tx.update(kitAuthorisations).set({ usedAt: at.toISOString(), checkInId }).where(eq(kitAuthorisations.id, id));
}

/**
 * Each attendee's authorisation My bookings shows: the live one, else the one used; a withdrawn one
 * is not shown.
 */
export async function kitAuthorisationsOf(
  db: Db,
  env: KeyEnv,
  registrationIds: number[],
): Promise<Map<number, KitAuthorisationView>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(kitAuthorisations)
    .where(and(inArray(kitAuthorisations.registrationId, registrationIds), isNull(kitAuthorisations.revokedAt)))
    .orderBy(desc(kitAuthorisations.id));
  const shown = new Map<number, KitAuthorisationView>();
  for (const row of rows) {
    if (shown.has(row.registrationId)) continue;
    shown.set(row.registrationId, {
      code: signedKitCode(env, row.id),
      collectorName: row.collectorName,
      createdAt: row.createdAt,
      usedAt: row.usedAt,
    });
  }
  return shown;
}

/**
 * Tells the buyer, in the order's language, that the kit was handed to the collector they named
 * (decision 070), in the transaction of the check-in: a proxy collection the participant did not
 * expect is heard of at once.
 */
export async function queueKitCollectedEmail(
  tx: Db,
  env: Pick<Env, 'publicUrl' | 'port'>,
  registrationId: number,
  collectorName: string,
  gate: string,
  at: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      organisationId: registrations.organisationId,
      eventName: events.title,
      buyerName: orders.customerName,
      buyerEmail: orders.customerEmail,
      language: orders.language,
    })
    .from(registrations)
    .innerJoin(orders, eq(orders.id, registrations.orderId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId));
  if (!row?.buyerEmail) return;
  const language = parseLanguage(row.language) ?? DEFAULT_LANGUAGE;
  const formats = serverFormats(language);
  const india = indiaWallClock(at);
  const { platformName } = await readSettings(tx);
  const email = kitCollectedEmail({
    name: row.buyerName,
    runner: `${row.firstName} ${row.lastName}`.trim(),
    eventName: row.eventName,
    collectorName,
    collectedAt: `${formats.date(india.date)}, ${formats.time(india.time)}`,
    gate,
    bookingsUrl: `${selfBaseUrl(env)}/bookings`,
    platformName,
    language,
  });
  const when = at.toISOString();
  await tx.insert(emailOutbox).values({
    kind: EMAIL_KINDS.kitCollected,
    to: row.buyerEmail,
    ...email,
    registrationId,
    organisationId: row.organisationId,
    nextAttemptAt: when,
    createdAt: when,
  });
  await announceOutbox(tx);
}
