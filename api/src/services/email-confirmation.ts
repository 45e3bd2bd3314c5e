// A free registration counts only once its buyer confirms their e-mail address (decision 027, issue
// 28): ten free orders from one client confirmed 100 registrations for good. Create-order holds the
// seats like any unpaid order and e-mails a link; following it confirms the order (fulfilment, as
// a payment would), until the hold lapses and the sweeper gives the seats back.
import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, LANGUAGE_QUERY, parseLanguage, type Language } from '../contract';
import { eventTitleAndOwner } from '../db/tenancy';
import type { Db } from '../db/client';
import { forUpdate } from '../db/functions';
import { announceOutbox } from '../db/notify';
import { emailOutbox, orders } from '../db/schema';
import type { Env } from '../env';
import { EMAIL_KINDS } from '../mail/outbox';
import { registrationConfirmEmail } from '../mail/templates';
import { selfBaseUrl } from '../urls';
import { fulfilOrder } from './fulfilment';
import { releaseHold } from './holds';
import { holderHashOf, isHolder, newConfirmToken } from './hold-ownership';
import { readSettings } from './settings';

type OrderRow = typeof orders.$inferSelect;
type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/** The storefront page the link opens: the event's, which confirms and shows the tickets. */
export function confirmationUrl(
  env: Pick<Env, 'publicUrl' | 'port'>,
  eventId: number,
  orderId: string,
  token: string,
  language: Language,
) {
  const params = new URLSearchParams({ confirm_order: orderId, confirm_token: token });
  if (language !== DEFAULT_LANGUAGE) params.set(LANGUAGE_QUERY, language);
  return `${selfBaseUrl(env)}/event/${eventId}?${params.toString()}`;
}

/**
 * Marks a new free order as waiting for its buyer's confirmation and queues the link, in the
 * buyer's language, in the order's transaction. Always sent: without it the registration cannot count.
 * Returns the hash the order keeps.
 */
export async function requestEmailConfirmation(
  tx: Db,
  env: MailEnv,
  order: Pick<OrderRow, 'id' | 'eventId' | 'customerName' | 'customerEmail' | 'language' | 'holdExpiresAt'>,
  tickets: number,
  now = new Date(),
): Promise<string> {
  const { token, hash } = newConfirmToken();
  await tx.update(orders).set({ emailConfirmHash: hash }).where(eq(orders.id, order.id));
  const event = await eventTitleAndOwner(tx, order.eventId);
  const language = parseLanguage(order.language) ?? DEFAULT_LANGUAGE;
  const { platformName } = await readSettings(tx);
  const mail = registrationConfirmEmail({
    name: order.customerName,
    eventName: event?.title ?? '',
    tickets,
    platformName,
    language,
    expiresAt: order.holdExpiresAt,
    confirmUrl: confirmationUrl(env, order.eventId ?? 0, order.id, token, language),
  });
  const at = now.toISOString();
  await tx.insert(emailOutbox).values({
    kind: EMAIL_KINDS.emailConfirmation,
    to: order.customerEmail,
    ...mail,
    registrationId: null,
    organisationId: event?.organisationId ?? null,
    nextAttemptAt: at,
    createdAt: at,
  });
  await announceOutbox(tx);
  return hash;
}

export type ConfirmOutcome =
  | { kind: 'confirmed'; bookingReference: string; email: string }
  | { kind: 'not_found' }
  | { kind: 'invalid' }
  | { kind: 'lapsed' };

/**
 * Confirms a free order from its link's token: the order is fulfilled (its attendees written, its
 * e-mails queued) while its hold lasts; a second click answers the same. A lapsed hold is released.
 */
export async function confirmFreeOrder(
  tx: Db,
  env: MailEnv,
  orderId: string,
  token: string,
  now = new Date(),
): Promise<ConfirmOutcome> {
  const [order] = await forUpdate(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order || !order.emailConfirmHash) return { kind: 'not_found' };
  if (!isHolder(order.emailConfirmHash, holderHashOf(token))) return { kind: 'invalid' };
  if (order.status === 'PAID' && order.bookingReference) {
    return { kind: 'confirmed', bookingReference: order.bookingReference, email: order.customerEmail };
  }
  if (order.status !== 'CREATED' || order.holdReleasedAt || order.holdExpiresAt <= now.toISOString()) {
    await releaseHold(tx, order.id, 'EXPIRED', now);
    return { kind: 'lapsed' };
  }
  const outcome = await fulfilOrder(tx, env, order.id, { providerPaymentId: null, paymentMethod: 'Free', amountPaise: 0 }, now);
  if (outcome.kind !== 'paid') throw new Error(`Free order ${order.id} could not be confirmed`);
  return { kind: 'confirmed', bookingReference: outcome.order.bookingReference, email: order.customerEmail };
}
